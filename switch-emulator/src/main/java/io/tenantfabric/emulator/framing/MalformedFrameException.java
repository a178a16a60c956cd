package io.tenantfabric.emulator.framing;

/** Invalid RFC 6242 framing; fatal for the session (RFC 6242 §4.2). */
public final class MalformedFrameException extends Exception {
  private static final long serialVersionUID = 1L;

  public MalformedFrameException(String message) {
    super(message);
  }
}
