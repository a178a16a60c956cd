package io.tenantfabric.southbound.protocol;

/** The peer sent a well-formed message that breaks RFC 6241 (bad hello, reply without id). */
public class ProtocolViolationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ProtocolViolationException(String message) {
    super(message);
  }
}
