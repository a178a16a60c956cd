package io.tenantfabric.southbound.protocol;

import java.nio.ByteBuffer;

/**
 * Incremental RFC 6242 decoder: feed it whatever arrived, however split, and take out whole
 * messages one at a time so that the caller can switch framing right after the hello.
 */
public sealed interface FrameDecoder permits EndOfMessageDecoder, ChunkedDecoder {

  /**
   * Consumes bytes of {@code input} until one message is complete or the input is exhausted.
   *
   * @return the complete message (without framing), or null if more input is needed; the input's
   *     position is left just after the consumed bytes
   * @throws FramingException on malformed framing or when the message exceeds the maximum size; the
   *     decoder is then unusable
   */
  byte[] decode(ByteBuffer input);

  /** Bytes of an unfinished message held so far (0 between messages). */
  long buffered();
}
