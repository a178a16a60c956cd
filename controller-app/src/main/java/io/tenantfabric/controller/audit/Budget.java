package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.refusal.Refusal;
import java.time.Duration;

/**
 * The time a bounded check has left of its {@code total}, counted from when it started; asked for
 * before each statement, it refuses with a 503 once the time is spent, so that the check ends and
 * hands its connection back.
 */
final class Budget {

  private final Duration total;
  private final Duration retryAfter;
  private final long deadline;

  private Budget(Duration total, Duration retryAfter) {
    this.total = total;
    this.retryAfter = retryAfter;
    this.deadline = System.nanoTime() + total.toNanos();
  }

  /**
   * A budget of {@code total} from now; when spent, callers are told to retry after {@code
   * retryAfter}.
   */
  static Budget of(Duration total, Duration retryAfter) {
    return new Budget(total, retryAfter);
  }

  /** The time left, or a 503 refusal when none is. */
  Duration left() {
    long left = deadline - System.nanoTime();
    if (left <= 0) {
      throw new Refusal(
              Refusal.Reason.UNAVAILABLE,
              "Receipt check too long",
              "The chain from this event to the head could not be checked within "
                  + total.toMillis()
                  + " ms; nothing was changed. A later check walks less once the next checkpoint"
                  + " is written.")
          .retryAfter(retryAfter);
    }
    return Duration.ofNanos(left);
  }
}
