package io.tenantfabric.southbound.transport;

import io.tenantfabric.southbound.protocol.NetconfException;

/** The switch refused every offered credential. */
public class SshAuthenticationException extends NetconfException {

  private static final long serialVersionUID = 1L;

  public SshAuthenticationException(String device, String message, Throwable cause) {
    super(device, message, cause);
  }
}
