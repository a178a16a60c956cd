package io.tenantfabric.southbound.transport;

import io.tenantfabric.southbound.protocol.NetconfException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import org.apache.sshd.common.io.IoOutputStream;
import org.apache.sshd.common.io.IoWriteFuture;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

/**
 * Sends framed messages through the channel's async stream in order, one MINA write in flight, and
 * never blocks the caller: a switch that stops reading leaves the returned futures pending, and the
 * session bounds them by its rpc timeout.
 */
final class ChannelWriter {

  private record Pending(byte[] bytes, CompletableFuture<Void> written) {}

  private final String device;
  private final IoOutputStream out;
  private final ArrayDeque<Pending> queue = new ArrayDeque<>();
  private boolean writing; // guarded by queue
  private NetconfException closed; // guarded by queue

  ChannelWriter(String device, IoOutputStream out) {
    this.device = device;
    this.out = out;
  }

  /** Queues one framed message; the future completes once MINA has sent all of it. */
  CompletableFuture<Void> write(byte[] framed) {
    Pending p = new Pending(framed, new CompletableFuture<>());
    synchronized (queue) {
      if (closed != null) {
        return CompletableFuture.failedFuture(closed);
      }
      queue.add(p);
      if (writing) {
        return p.written();
      }
      writing = true;
    }
    drain();
    return p.written();
  }

  /** Whether any message is queued or being written. */
  boolean busy() {
    synchronized (queue) {
      return writing;
    }
  }

  // Loops while writes complete at once; a write waiting for window resumes from its listener.
  private void drain() {
    while (true) {
      Pending p;
      synchronized (queue) {
        p = queue.poll();
        if (p == null) {
          writing = false;
          return;
        }
      }
      IoWriteFuture f;
      try {
        f = out.writeBuffer(new ByteArrayBuffer(p.bytes()));
      } catch (IOException | RuntimeException e) {
        fail(p, e);
        return;
      }
      if (!f.isDone()) {
        f.addListener(
            done -> {
              if (finished(p, done)) {
                drain();
              }
            });
        return;
      }
      if (!finished(p, f)) {
        return;
      }
    }
  }

  private boolean finished(Pending p, IoWriteFuture f) {
    if (f.getException() != null) {
      fail(p, f.getException());
      return false;
    }
    p.written().complete(null);
    return true;
  }

  private void fail(Pending p, Throwable cause) {
    NetconfException e = new NetconfException(device, "cannot write to the netconf channel", cause);
    p.written().completeExceptionally(e);
    close(e);
  }

  /** Fails every queued message; later writes fail at once. */
  void close(NetconfException reason) {
    ArrayDeque<Pending> dropped;
    synchronized (queue) {
      if (closed == null) {
        closed = reason;
      }
      dropped = new ArrayDeque<>(queue);
      queue.clear();
    }
    for (Pending p : dropped) {
      p.written().completeExceptionally(reason);
    }
  }
}
