package io.tenantfabric.southbound.transaction;

import java.time.Duration;
import java.util.Objects;

/**
 * Knobs of a device transaction: the switch-side auto-rollback timeout (save-point confirm-timeout
 * or confirmed-commit timeout), lock retries with exponential back-off, and whether to {@code
 * <save>} to startup after a confirmed change.
 */
public record TransactionSettings(
    Duration confirmTimeout,
    int lockAttempts,
    Duration lockBackoffInitial,
    Duration lockBackoffMax,
    boolean saveToStartup) {

  public TransactionSettings {
    Objects.requireNonNull(confirmTimeout, "confirmTimeout");
    if (confirmTimeout.toSeconds() < 1 || confirmTimeout.toSeconds() > 65535) {
      throw new IllegalArgumentException("confirmTimeout must be 1..65535 s (Comware save-point)");
    }
    if (lockAttempts < 1) {
      throw new IllegalArgumentException("lockAttempts must be >= 1");
    }
    Objects.requireNonNull(lockBackoffInitial, "lockBackoffInitial");
    Objects.requireNonNull(lockBackoffMax, "lockBackoffMax");
  }

  /** 120 s auto-rollback, 5 lock attempts from 50 ms doubling to 1 s, save afterwards. */
  public static TransactionSettings defaults() {
    return new TransactionSettings(
        Duration.ofSeconds(120), 5, Duration.ofMillis(50), Duration.ofSeconds(1), true);
  }

  public TransactionSettings withLockRetries(int attempts, Duration initial, Duration max) {
    return new TransactionSettings(confirmTimeout, attempts, initial, max, saveToStartup);
  }

  public TransactionSettings withConfirmTimeout(Duration timeout) {
    return new TransactionSettings(
        timeout, lockAttempts, lockBackoffInitial, lockBackoffMax, saveToStartup);
  }
}
