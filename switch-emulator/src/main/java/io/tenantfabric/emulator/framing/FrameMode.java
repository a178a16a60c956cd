package io.tenantfabric.emulator.framing;

/** The two RFC 6242 framings: end-of-message (base:1.0) and chunked (base:1.1). */
public enum FrameMode {
  END_OF_MESSAGE,
  CHUNKED
}
