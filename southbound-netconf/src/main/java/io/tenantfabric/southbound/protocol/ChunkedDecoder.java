package io.tenantfabric.southbound.protocol;

import java.nio.ByteBuffer;

/**
 * State machine for RFC 6242 section 4.2 chunked framing; any deviation from {@code
 * \n#<1..4294967295 without leading zeros>\n} or {@code \n##\n} is a fatal FramingException.
 */
public final class ChunkedDecoder implements FrameDecoder {

  private enum State {
    LF_BEFORE_HASH,
    HASH,
    FIRST_SIZE_OR_END,
    SIZE_DIGITS,
    DATA,
    LF_AFTER_END
  }

  private static final int MAX_SIZE_DIGITS = 10; // 4294967295

  private final long maxMessageSize;
  private final ByteAccumulator message = new ByteAccumulator();
  private State state = State.LF_BEFORE_HASH;
  private long chunkSize;
  private int sizeDigits;
  private long remaining;
  private int chunks;
  private boolean failed;

  ChunkedDecoder(long maxMessageSize) {
    this.maxMessageSize = ByteAccumulator.requireHoldable(maxMessageSize);
  }

  @Override
  public byte[] decode(ByteBuffer input) {
    if (failed) {
      throw new FramingException("decoder already failed");
    }
    while (input.hasRemaining()) {
      if (state == State.DATA) {
        int n = (int) Math.min(remaining, input.remaining());
        message.add(input, n);
        remaining -= n;
        if (remaining == 0) {
          state = State.LF_BEFORE_HASH;
        }
        continue;
      }
      byte b = input.get();
      switch (state) {
        case LF_BEFORE_HASH:
          expect(b, '\n', "chunk header must start with LF");
          state = State.HASH;
          break;
        case HASH:
          expect(b, '#', "chunk header must start with LF #");
          state = State.FIRST_SIZE_OR_END;
          break;
        case FIRST_SIZE_OR_END:
          if (b == '#') {
            if (chunks == 0) {
              fail("end-of-chunks before any chunk");
            }
            state = State.LF_AFTER_END;
          } else if (b == '0') {
            fail("chunk size must not be zero or start with a zero");
          } else if (b >= '1' && b <= '9') {
            chunkSize = b - '0';
            sizeDigits = 1;
            state = State.SIZE_DIGITS;
          } else {
            fail("chunk size must be decimal digits, got " + printable(b));
          }
          break;
        case SIZE_DIGITS:
          if (b == '\n') {
            startData();
          } else if (b >= '0' && b <= '9') {
            if (++sizeDigits > MAX_SIZE_DIGITS) {
              fail("chunk size exceeds 4294967295 (more than 10 digits)");
            }
            chunkSize = chunkSize * 10 + (b - '0');
            if (chunkSize > ChunkedFraming.MAX_CHUNK_SIZE) {
              fail("chunk size exceeds 4294967295");
            }
          } else {
            fail("chunk size must be decimal digits ended by LF, got " + printable(b));
          }
          break;
        case LF_AFTER_END:
          expect(b, '\n', "end-of-chunks must be LF ## LF");
          state = State.LF_BEFORE_HASH;
          chunks = 0;
          return message.take(message.size());
        default:
          throw new IllegalStateException(state.name());
      }
    }
    return null;
  }

  @Override
  public long buffered() {
    return message.size();
  }

  private void startData() {
    if (message.size() + chunkSize > maxMessageSize) {
      failed = true;
      throw new MessageTooLargeException(maxMessageSize);
    }
    remaining = chunkSize;
    chunks++;
    state = State.DATA;
  }

  private void expect(byte actual, char wanted, String rule) {
    if (actual != wanted) {
      fail(rule + ", got " + printable(actual));
    }
  }

  private void fail(String why) {
    failed = true;
    throw new FramingException("malformed chunked framing: " + why);
  }

  private static String printable(byte b) {
    return b >= 0x21 && b < 0x7f ? "'" + (char) b + "'" : String.format("0x%02x", b & 0xff);
  }
}
