package io.tenantfabric.southbound.protocol;

import java.util.Set;

/**
 * RFC 6242 message framing: end-of-message ({@code ]]>]]>}, base:1.0) or chunked (base:1.1); the
 * hello is always end-of-message, the negotiated framing applies from the next message on.
 */
public sealed interface Framing permits EndOfMessageFraming, ChunkedFraming {

  /**
   * Default bound on one decoded message: 16 MiB, far above the largest reply the fullest leaf
   * gives (FullLeafSizeIT prints it; docs/netconf-client.md section 7).
   */
  long DEFAULT_MAX_MESSAGE_SIZE = 16L * 1024 * 1024;

  /**
   * The largest bound a decoder accepts: a message is buffered in one byte array, and the JVM
   * refuses arrays close to {@code Integer.MAX_VALUE} elements.
   */
  long LARGEST_MAX_MESSAGE_SIZE = Integer.MAX_VALUE - 8;

  /** The bytes to send for one complete message. */
  byte[] encode(byte[] message);

  /** A fresh incremental decoder that refuses messages larger than maxMessageSize bytes. */
  FrameDecoder newDecoder(long maxMessageSize);

  /** End-of-message framing (RFC 6242 section 4.3). */
  static Framing endOfMessage() {
    return EndOfMessageFraming.INSTANCE;
  }

  /** Chunked framing writing each message as one chunk (RFC 6242 section 4.2). */
  static Framing chunked() {
    return ChunkedFraming.SINGLE_CHUNK;
  }

  /**
   * The framing after the hellos: chunked only when both hellos advertise base:1.1 (RFC 6242
   * section 4.1), else end-of-message.
   */
  static Framing negotiate(Set<String> ourCapabilities, Set<String> peerCapabilities) {
    return ourCapabilities.contains(Capabilities.BASE_1_1)
            && peerCapabilities.contains(Capabilities.BASE_1_1)
        ? chunked()
        : endOfMessage();
  }
}
