package io.tenantfabric.bench;

import java.time.Duration;

/**
 * A table {@code soak} counts every minute. Either one that grows by design (the audit trail is
 * insert-only; allocations and provisioning batches are kept for the record), reported as rows per
 * minute, or one a retention bounds: {@code ageColumn} dates its rows, {@code retention} is how
 * long the controller keeps them and {@code cadence} how often at most it deletes the older ones,
 * so a working retention leaves no row older than {@link #oldestAllowedSeconds()}.
 */
record SoakTable(
    String label, String table, String ageColumn, Duration retention, Duration cadence) {

  /**
   * What the deletion itself may take, and a sample taken just before it runs: a few seconds in
   * practice, so 15 s is room, not a tolerance for a retention that does not act.
   */
  static final Duration SLACK = Duration.ofSeconds(15);

  static SoakTable growing(String label, String table) {
    return new SoakTable(label, table, null, null, null);
  }

  static SoakTable bounded(
      String label, String table, String ageColumn, Duration retention, Duration cadence) {
    return new SoakTable(label, table, ageColumn, retention, cadence);
  }

  boolean bounded() {
    return ageColumn != null;
  }

  /** Retention, plus the interval of the deletion that applies it, plus {@link #SLACK}. */
  double oldestAllowedSeconds() {
    return retention.plus(cadence).plus(SLACK).toMillis() / 1000.0;
  }
}
