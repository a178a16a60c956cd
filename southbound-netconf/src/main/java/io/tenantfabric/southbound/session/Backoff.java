package io.tenantfabric.southbound.session;

import java.time.Duration;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * Exponential reconnect back-off: attempt n waits initial * multiplier^(n-1), capped at max, minus
 * up to {@code jitter} of it at random so that 320 switches do not reconnect in lockstep.
 */
public record Backoff(
    Duration initial, Duration max, double multiplier, double jitter, int maxAttempts) {

  public Backoff {
    Objects.requireNonNull(initial, "initial");
    Objects.requireNonNull(max, "max");
    if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
      throw new IllegalArgumentException("need 0 < initial <= max");
    }
    if (multiplier < 1.0) {
      throw new IllegalArgumentException("multiplier must be >= 1");
    }
    if (jitter < 0.0 || jitter > 1.0) {
      throw new IllegalArgumentException("jitter must be within 0..1");
    }
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be >= 1");
    }
  }

  /** 100 ms doubling to 5 s, 50 % jitter, 6 attempts (about 9 s at worst). */
  public static Backoff defaults() {
    return new Backoff(Duration.ofMillis(100), Duration.ofSeconds(5), 2.0, 0.5, 6);
  }

  /**
   * The wait after failed attempt {@code attempt} (1-based); random must yield values in [0, 1).
   */
  public Duration delayAfter(int attempt, DoubleSupplier random) {
    if (attempt < 1) {
      throw new IllegalArgumentException("attempt is 1-based");
    }
    double base = initial.toNanos() * Math.pow(multiplier, attempt - 1);
    double capped = Math.min(base, max.toNanos());
    double jittered = capped * (1.0 - jitter * random.getAsDouble());
    return Duration.ofNanos((long) jittered);
  }
}
