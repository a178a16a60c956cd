package io.tenantfabric.southbound.protocol;

import java.nio.ByteBuffer;

/**
 * Finds {@code ]]>]]>} with a Knuth-Morris-Pratt matcher so that a delimiter split across any
 * number of reads, or preceded by a partial match such as {@code ]]>]]]>]]>}, is still found.
 */
public final class EndOfMessageDecoder implements FrameDecoder {

  private static final byte[] DELIMITER = EndOfMessageFraming.DELIMITER;
  // KMP failure function of "]]>]]>".
  private static final int[] FAILURE = {0, 1, 0, 1, 2, 3};

  private final long maxMessageSize;
  private final ByteAccumulator message = new ByteAccumulator();
  private int matched;
  private boolean failed;

  EndOfMessageDecoder(long maxMessageSize) {
    this.maxMessageSize = ByteAccumulator.requireHoldable(maxMessageSize);
  }

  @Override
  public byte[] decode(ByteBuffer input) {
    if (failed) {
      throw new FramingException("decoder already failed");
    }
    while (input.hasRemaining()) {
      byte b = input.get();
      message.add(b);
      while (matched > 0 && b != DELIMITER[matched]) {
        matched = FAILURE[matched - 1];
      }
      if (b == DELIMITER[matched]) {
        matched++;
      }
      if (matched == DELIMITER.length) {
        matched = 0;
        return message.take(message.size() - DELIMITER.length);
      }
      if (message.size() - matched > maxMessageSize) {
        failed = true;
        throw new MessageTooLargeException(maxMessageSize);
      }
    }
    return null;
  }

  @Override
  public long buffered() {
    return message.size();
  }
}
