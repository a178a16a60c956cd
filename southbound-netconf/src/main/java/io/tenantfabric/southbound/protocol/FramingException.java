package io.tenantfabric.southbound.protocol;

/** The byte stream violates RFC 6242 framing; fatal for the session (RFC 6242 section 4.2). */
public class FramingException extends RuntimeException {

  public FramingException(String message) {
    super(message);
  }
}
