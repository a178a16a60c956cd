package io.tenantfabric.southbound.transport;

import java.io.EOFException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.common.io.IoInputStream;
import org.apache.sshd.common.io.IoReadFuture;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

/**
 * Reads one async channel stream with at most one read outstanding and hands the bytes to a
 * listener. MINA releases SSH window only as bytes are read here, so a paused listener holds back
 * that one switch (its window fills) without blocking the I/O thread that serves the others.
 */
final class ChannelReader {

  /**
   * Read size for netconf data: one buffer per session lives as long as the session, so its size
   * counts once per switch, and MINA keeps what does not fit in its own channel buffer for the next
   * read, so a small one only means more deliveries per reply.
   */
  static final int DATA_READ_SIZE = 8 * 1024;

  /** Read size for stderr, which a NETCONF server does not use: it is only drained. */
  static final int DISCARD_READ_SIZE = 256;

  private enum State {
    IDLE,
    READING,
    DELIVERING,
    /** resume() was called while a delivery that is about to pause was still running. */
    RESUMED,
    PAUSED,
    CLOSED
  }

  private final IoInputStream in;
  private final InboundListener listener;
  private final ByteArrayBuffer buffer;
  private final AtomicReference<State> state = new AtomicReference<>(State.IDLE);

  ChannelReader(IoInputStream in, InboundListener listener, int readSize) {
    this.in = in;
    this.listener = listener;
    this.buffer = new ByteArrayBuffer(readSize, false);
  }

  /** Issues the first read; later reads follow each delivery the listener fully consumed. */
  void start() {
    if (state.compareAndSet(State.IDLE, State.READING)) {
      readMore();
    }
  }

  /** Delivers the bytes kept at the last pause again, then reads on; no-op unless paused. */
  void resume() {
    while (true) {
      State s = state.get();
      if (s == State.PAUSED) {
        if (state.compareAndSet(State.PAUSED, State.DELIVERING)) {
          if (deliver()) {
            readMore();
          }
          return;
        }
      } else if (s == State.DELIVERING) {
        if (state.compareAndSet(State.DELIVERING, State.RESUMED)) {
          return; // the running delivery sees RESUMED instead of pausing
        }
      } else {
        return;
      }
    }
  }

  // Loops instead of recursing when reads complete at once (MINA warns about deep listener chains).
  private void readMore() {
    while (true) {
      buffer.clear(false);
      IoReadFuture read;
      try {
        read = in.read(buffer);
      } catch (RuntimeException e) {
        closed(e);
        return;
      }
      if (!read.isDone()) {
        read.addListener(this::onRead);
        return;
      }
      if (!consume(read)) {
        return;
      }
    }
  }

  private void onRead(IoReadFuture read) {
    if (consume(read)) {
      readMore();
    }
  }

  /** Handles a completed read; true when the next read should be issued. */
  private boolean consume(IoReadFuture read) {
    Throwable failure = read.getException();
    if (failure != null) {
      closed(failure instanceof EOFException ? null : failure);
      return false;
    }
    if (!state.compareAndSet(State.READING, State.DELIVERING)) {
      return false; // closed meanwhile
    }
    return deliver();
  }

  /** Runs in state DELIVERING; true when everything was consumed and reading goes on. */
  private boolean deliver() {
    while (true) {
      ByteBuffer view = ByteBuffer.wrap(buffer.array(), buffer.rpos(), buffer.available());
      boolean more;
      try {
        more = listener.onBytes(view);
      } catch (RuntimeException e) {
        // thrown into a MINA future listener it would only be logged, leaving reads stopped
        closed(e);
        return false;
      }
      buffer.rpos(view.position());
      if (more) {
        if (buffer.available() > 0) {
          closed(new IllegalStateException("listener asked for more but left bytes unconsumed"));
          return false;
        }
        return state.compareAndSet(State.DELIVERING, State.READING);
      }
      if (state.compareAndSet(State.DELIVERING, State.PAUSED)) {
        return false;
      }
      if (!state.compareAndSet(State.RESUMED, State.DELIVERING)) {
        return false; // closed
      }
    }
  }

  private void closed(Throwable cause) {
    if (state.getAndSet(State.CLOSED) != State.CLOSED) {
      listener.onClosed(cause);
    }
  }

  /** Stops delivering; the channel's own close listeners report the close. */
  void stop() {
    state.set(State.CLOSED);
  }
}
