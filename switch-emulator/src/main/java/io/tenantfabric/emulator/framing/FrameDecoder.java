package io.tenantfabric.emulator.framing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Incremental RFC 6242 decoder: correct when fed whole messages, byte by byte, or with delimiters
 * split across reads. The mode may be switched between messages (after the hellos) by the consumer,
 * which is called synchronously before any further byte is looked at.
 */
public final class FrameDecoder {
  /** RFC 6242 §4.2: chunk-size is 1..4294967295. */
  static final long MAX_CHUNK = 4294967295L;

  private enum State {
    LF,
    HASH,
    SIZE_FIRST,
    SIZE,
    DATA,
    END_LF
  }

  private final int maxMessageBytes;
  private final Consumer<String> sink;
  private volatile FrameMode mode = FrameMode.END_OF_MESSAGE;
  private final ByteArrayOutputStream message = new ByteArrayOutputStream(256);
  private State state = State.LF;
  private long chunkSize;
  private long remaining;
  private boolean failed;
  private boolean paused;
  private int matched;
  private static final int[] EOM_FAILURE = {0, 1, 0, 1, 2, 3};

  /** A decoder that hands every complete message to {@code sink}. */
  public FrameDecoder(int maxMessageBytes, Consumer<String> sink) {
    this.maxMessageBytes = maxMessageBytes;
    this.sink = sink;
  }

  public FrameMode mode() {
    return mode;
  }

  /** Switches framing for the next message; call only between messages (from the sink). */
  public void mode(FrameMode newMode) {
    this.mode = newMode;
  }

  /**
   * Stops decoding after the message being handed to the sink (call it from the sink): {@link
   * #feed} returns at once, and feeds decode nothing until {@link #resume()}. Lets a consumer look
   * at a message on another thread before deciding how the bytes after it are framed.
   */
  public void pause() {
    paused = true;
  }

  public void resume() {
    paused = false;
  }

  /**
   * Feeds bytes; every complete message goes to the sink, in order. Returns how many bytes were
   * decoded: {@code len}, or fewer when the sink paused the decoder (the caller keeps the rest).
   */
  public int feed(byte[] buf, int off, int len) throws MalformedFrameException {
    if (failed) {
      throw new MalformedFrameException("decoder already failed");
    }
    try {
      int end = off + len;
      int i = off;
      while (i < end && !paused) {
        i = mode == FrameMode.END_OF_MESSAGE ? eomByte(buf, i) : chunkBytes(buf, i, end);
      }
      return i - off;
    } catch (MalformedFrameException e) {
      failed = true;
      throw e;
    }
  }

  private int eomByte(byte[] buf, int i) throws MalformedFrameException {
    byte b = buf[i];
    message.write(b);
    checkSize();
    // KMP over "]]>]]>" so that a delimiter split across reads (or "]]]>]]>") is still found.
    while (matched > 0 && Frames.EOM[matched] != b) {
      matched = EOM_FAILURE[matched - 1];
    }
    if (Frames.EOM[matched] == b) {
      matched++;
    }
    if (matched == Frames.EOM.length) {
      matched = 0;
      byte[] all = message.toByteArray();
      message.reset();
      emit(new String(all, 0, all.length - Frames.EOM.length, StandardCharsets.UTF_8));
    }
    return i + 1;
  }

  private int chunkBytes(byte[] buf, int i, int end) throws MalformedFrameException {
    byte b = buf[i];
    switch (state) {
      case LF:
        expect(b == '\n', "expected LF before chunk header");
        state = State.HASH;
        return i + 1;
      case HASH:
        expect(b == '#', "expected '#' in chunk header");
        state = State.SIZE_FIRST;
        return i + 1;
      case SIZE_FIRST:
        if (b == '#') {
          expect(message.size() > 0, "end-of-chunks without any chunk");
          state = State.END_LF;
        } else {
          expect(b >= '1' && b <= '9', "chunk-size must start with 1-9");
          chunkSize = b - '0';
          state = State.SIZE;
        }
        return i + 1;
      case SIZE:
        if (b == '\n') {
          remaining = chunkSize;
          state = State.DATA;
        } else {
          expect(b >= '0' && b <= '9', "chunk-size must be decimal");
          chunkSize = chunkSize * 10 + (b - '0');
          expect(chunkSize <= MAX_CHUNK, "chunk-size above 4294967295");
        }
        return i + 1;
      case DATA:
        int take = (int) Math.min(remaining, end - i);
        message.write(buf, i, take);
        checkSize();
        remaining -= take;
        if (remaining == 0) {
          state = State.LF;
        }
        return i + take;
      case END_LF:
        expect(b == '\n', "expected LF after end-of-chunks");
        state = State.LF;
        byte[] all = message.toByteArray();
        message.reset();
        emit(new String(all, StandardCharsets.UTF_8));
        return i + 1;
      default:
        throw new IllegalStateException(state.name());
    }
  }

  private void emit(String text) {
    sink.accept(text);
  }

  private void checkSize() throws MalformedFrameException {
    expect(message.size() <= maxMessageBytes, "message larger than " + maxMessageBytes + " bytes");
  }

  private static void expect(boolean ok, String what) throws MalformedFrameException {
    if (!ok) {
      throw new MalformedFrameException(what);
    }
  }
}
