package io.tenantfabric.southbound.transport;

import io.tenantfabric.southbound.protocol.NetconfException;

/** The switch presented a host key that the configured HostKeyPolicy does not accept. */
public class HostKeyRejectedException extends NetconfException {

  private static final long serialVersionUID = 1L;

  public HostKeyRejectedException(String device, String reason) {
    super(device, "host key refused: " + reason);
  }
}
