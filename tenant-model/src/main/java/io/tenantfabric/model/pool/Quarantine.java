package io.tenantfabric.model.pool;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** Decides whether a released pool value is still held back from reuse. */
final class Quarantine {

  private Quarantine() {}

  /** True while {@code releasedAt + quarantine} is after {@code now}. */
  static boolean holds(Instant releasedAt, Instant now, Duration quarantine) {
    return releasedAt != null && releasedAt.plus(quarantine).isAfter(now);
  }

  static <T> long count(Map<T, Instant> releasedAt, Instant now, Duration quarantine) {
    return releasedAt.values().stream().filter(at -> holds(at, now, quarantine)).count();
  }

  static void requireValid(Duration quarantine) {
    if (quarantine == null || quarantine.isNegative()) {
      throw new IllegalArgumentException("quarantine must be zero or positive: " + quarantine);
    }
  }
}
