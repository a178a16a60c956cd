package io.tenantfabric.southbound.session;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Bytes shared by every session of one client, held by complete messages from decode until their
 * parse is done. A request that does not fit waits in FIFO order: nobody overtakes it, so a large
 * message is not starved by a stream of small ones. Thread safe; grant callbacks run outside the
 * lock, on the thread that released the bytes.
 */
final class ByteBudget {

  private record Waiter(long bytes, Runnable onGranted) {}

  private final long capacity;
  private final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
  private long available;

  ByteBudget(long capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, got " + capacity);
    }
    this.capacity = capacity;
    this.available = capacity;
  }

  /**
   * Takes {@code bytes} now and returns true, or queues the request and returns false; {@code
   * onGranted} then runs once the bytes are taken on its behalf.
   *
   * @throws IllegalArgumentException if bytes is negative or more than the whole budget (it could
   *     never be granted)
   */
  boolean acquire(long bytes, Runnable onGranted) {
    if (bytes < 0 || bytes > capacity) {
      throw new IllegalArgumentException(
          "cannot hold " + bytes + " bytes in a budget of " + capacity);
    }
    synchronized (this) {
      if (waiters.isEmpty() && bytes <= available) {
        available -= bytes;
        return true;
      }
      waiters.add(new Waiter(bytes, onGranted));
      return false;
    }
  }

  /** Withdraws a queued request; false when there is none (e.g. it was granted meanwhile). */
  synchronized boolean cancel(Runnable onGranted) {
    for (Iterator<Waiter> it = waiters.iterator(); it.hasNext(); ) {
      if (it.next().onGranted() == onGranted) {
        it.remove();
        return true;
      }
    }
    return false;
  }

  /** Gives bytes back and grants queued requests, oldest first, while the oldest fits. */
  void release(long bytes) {
    List<Runnable> granted = new ArrayList<>();
    synchronized (this) {
      if (bytes < 0 || available + bytes > capacity) {
        throw new IllegalStateException(
            "released " + bytes + " bytes with " + available + " of " + capacity + " free");
      }
      available += bytes;
      while (!waiters.isEmpty() && waiters.peek().bytes() <= available) {
        Waiter w = waiters.poll();
        available -= w.bytes();
        granted.add(w.onGranted());
      }
    }
    for (Runnable r : granted) {
      r.run();
    }
  }

  synchronized long available() {
    return available;
  }

  long capacity() {
    return capacity;
  }

  /** Requests queued for bytes. */
  synchronized int waiting() {
    return waiters.size();
  }
}
