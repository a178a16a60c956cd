package io.tenantfabric.southbound.protocol;

/** The byte stream violates RFC 6242 framing; fatal for the session (RFC 6242 section 4.2). */
public class FramingException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public FramingException(String message) {
    super(message);
  }
}
