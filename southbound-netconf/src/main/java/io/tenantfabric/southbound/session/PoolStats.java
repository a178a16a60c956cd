package io.tenantfabric.southbound.session;

/**
 * Pool counters: handouts (calls of session()), reused (handouts served by an already open
 * session), connects (new sessions opened) and failedAttempts (connect attempts that failed).
 */
public record PoolStats(long handouts, long reused, long connects, long failedAttempts) {

  /** reused / handouts, 1.0 when nothing was handed out yet. */
  public double reuseRatio() {
    return handouts == 0 ? 1.0 : (double) reused / handouts;
  }
}
