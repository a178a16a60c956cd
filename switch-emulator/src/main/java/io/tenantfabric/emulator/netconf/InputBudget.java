package io.tenantfabric.emulator.netconf;

/**
 * Back-pressure for one session, so that a client that pipelines faster than the worker runs its
 * rpcs cannot fill the heap. Decoded messages that wait for the worker are counted (in characters,
 * which is bytes for ASCII XML); while they exceed the bound, received bytes are withheld from the
 * SSH window, so the client has to stop once its window (MINA's default 2 MiB) is used up. When the
 * worker has caught up, the withheld bytes go back in one window adjust. A session's input thus
 * holds at most about bound + window + one partial message.
 *
 * <p>Chosen over dropping a session that queues too much: pipelining is legal NETCONF (RFC 6241
 * §4.1 allows several outstanding rpcs), so a fast client is slowed down, not disconnected.
 */
final class InputBudget {
  private final long bound;
  // All guarded by this.
  private long queued;
  private long withheld;

  InputBudget(long bound) {
    this.bound = bound;
  }

  /** A decoded message of {@code size} characters now waits for the worker. */
  synchronized void queued(long size) {
    queued += size;
  }

  /**
   * {@code len} bytes arrived and were decoded; returns how many of them the window may take back
   * now: all of them, or none while the queue is over the bound (they are owed until it drains).
   */
  synchronized long received(long len) {
    if (queued > bound) {
      withheld += len;
      return 0;
    }
    return len;
  }

  /** A queued message was handled; returns the withheld bytes to give back now (0 for none). */
  synchronized long handled(long size) {
    queued -= size;
    if (queued > bound || withheld == 0) {
      return 0;
    }
    long release = withheld;
    withheld = 0;
    return release;
  }

  synchronized long queued() {
    return queued;
  }

  synchronized long withheld() {
    return withheld;
  }
}
