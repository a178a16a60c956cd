package io.tenantfabric.southbound.protocol;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** A growable byte array for the message being decoded. */
final class ByteAccumulator {

  private byte[] bytes = new byte[256];

  /** A decoder's message limit, checked against what one byte array can hold. */
  static long requireHoldable(long maxMessageSize) {
    if (maxMessageSize < 1 || maxMessageSize > Framing.LARGEST_MAX_MESSAGE_SIZE) {
      throw new IllegalArgumentException(
          "maxMessageSize must be 1.."
              + Framing.LARGEST_MAX_MESSAGE_SIZE
              + ", got "
              + maxMessageSize);
    }
    return maxMessageSize;
  }

  private int size;

  void add(byte b) {
    ensure(size + 1);
    bytes[size++] = b;
  }

  void add(ByteBuffer in, int len) {
    ensure(size + len);
    in.get(bytes, size, len);
    size += len;
  }

  int size() {
    return size;
  }

  /** The first {@code len} bytes as a new array; empties the accumulator. */
  byte[] take(int len) {
    byte[] out = Arrays.copyOf(bytes, len);
    size = 0;
    if (bytes.length > 1 << 20) {
      bytes = new byte[256]; // do not pin a huge buffer after one big reply
    }
    return out;
  }

  private void ensure(int capacity) {
    if (capacity > bytes.length) {
      // Doubling in long arithmetic: the decoders cap messages at LARGEST_MAX_MESSAGE_SIZE, so the
      // new length always fits an array even when twice the old one would not.
      long doubled = Math.min(2L * bytes.length, Framing.LARGEST_MAX_MESSAGE_SIZE);
      bytes = Arrays.copyOf(bytes, (int) Math.max(capacity, doubled));
    }
  }
}
