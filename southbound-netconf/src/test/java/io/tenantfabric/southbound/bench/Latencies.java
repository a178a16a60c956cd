package io.tenantfabric.southbound.bench;

import java.util.Arrays;

/** Collected durations in nanoseconds and their percentiles. */
final class Latencies {

  private long[] nanos = new long[1024];
  private int size;

  synchronized void add(long ns) {
    if (size == nanos.length) {
      nanos = Arrays.copyOf(nanos, size * 2);
    }
    nanos[size++] = ns;
  }

  synchronized void addAll(Latencies other) {
    for (int i = 0; i < other.size; i++) {
      add(other.nanos[i]);
    }
  }

  synchronized int count() {
    return size;
  }

  /** The q-quantile (nearest rank) in milliseconds. */
  synchronized double percentileMs(double q) {
    if (size == 0) {
      return Double.NaN;
    }
    long[] sorted = Arrays.copyOf(nanos, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(q * size) - 1;
    return sorted[Math.max(0, Math.min(size - 1, rank))] / 1e6;
  }

  String summary() {
    return String.format(
        "n=%d p50=%.3f ms p90=%.3f ms p99=%.3f ms max=%.3f ms",
        count(), percentileMs(0.50), percentileMs(0.90), percentileMs(0.99), percentileMs(1.0));
  }
}
