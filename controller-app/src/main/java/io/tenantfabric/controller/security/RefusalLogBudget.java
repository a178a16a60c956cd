package io.tenantfabric.controller.security;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How many lines refused authentications (401, 429) may write: a token bucket of {@code perMinute}
 * lines for the whole instance, refilled at that rate, so that a flood of bad tokens from any
 * number of addresses cannot flood the log. The lines left out are counted, and the next line
 * written says how many there were.
 */
final class RefusalLogBudget {

  private final double capacity;
  private final double perNano;
  private final LongSupplier nanoTime;
  private double tokens;
  private long at;
  private long dropped;

  RefusalLogBudget(int perMinute, LongSupplier nanoTime) {
    this.capacity = perMinute;
    this.perNano = perMinute / (double) Duration.ofMinutes(1).toNanos();
    this.nanoTime = nanoTime;
    this.tokens = perMinute;
    this.at = nanoTime.getAsLong();
  }

  /**
   * Takes one line: -1 when it is to be left out, else how many lines were left out since the last
   * line written.
   */
  synchronized long take() {
    long now = nanoTime.getAsLong();
    tokens = Math.min(capacity, tokens + (now - at) * perNano);
    at = now;
    if (tokens < 1) {
      dropped++;
      return -1;
    }
    tokens -= 1;
    long before = dropped;
    dropped = 0;
    return before;
  }
}
