package io.tenantfabric.southbound.session;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Counts a session's rpc-replies that match no rpc it sent (late replies to timed-out rpcs are not
 * counted): the session is to be closed at the limit, and a warning is due at most once per
 * interval, so a switch flooding replies cannot flood the log. Not thread safe: a session's
 * messages are handled one at a time.
 */
final class UnknownReplies {

  /** At most one warning per session in this interval; the next one says how many were skipped. */
  static final Duration WARN_INTERVAL = Duration.ofMinutes(1);

  /**
   * The decision for one more unknown reply.
   *
   * @param count unknown replies so far, this one included
   * @param warn whether to log this one
   * @param skipped unknown replies not logged since the last warning (when warn is true)
   * @param close whether the limit is reached and the session must be closed
   */
  record Verdict(int count, boolean warn, int skipped, boolean close) {}

  private final int limit;
  private final long intervalNanos;
  private final LongSupplier nanoClock;
  private int count;
  private boolean warned;
  private long lastWarning;
  private int skipped;

  UnknownReplies(int limit, Duration warnInterval, LongSupplier nanoClock) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got " + limit);
    }
    this.limit = limit;
    this.intervalNanos = warnInterval.toNanos();
    this.nanoClock = nanoClock;
  }

  /** Records one unknown reply. */
  Verdict record() {
    count++;
    long now = nanoClock.getAsLong();
    boolean warn = !warned || now - lastWarning >= intervalNanos;
    int skippedBefore = 0;
    if (warn) {
      warned = true;
      lastWarning = now;
      skippedBefore = skipped;
      skipped = 0;
    } else {
      skipped++;
    }
    return new Verdict(count, warn, skippedBefore, count >= limit);
  }
}
