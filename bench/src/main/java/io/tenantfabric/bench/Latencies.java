package io.tenantfabric.bench;

import java.util.Arrays;

/** Collected durations in nanoseconds and their nearest-rank percentiles in milliseconds. */
final class Latencies {
  private long[] nanos = new long[256];
  private int size;

  synchronized void add(long ns) {
    if (size == nanos.length) {
      nanos = Arrays.copyOf(nanos, size * 2);
    }
    nanos[size++] = ns;
  }

  synchronized void addAll(Latencies other) {
    long[] theirs;
    int n;
    synchronized (other) {
      theirs = Arrays.copyOf(other.nanos, other.size);
      n = other.size;
    }
    for (int i = 0; i < n; i++) {
      add(theirs[i]);
    }
  }

  synchronized int count() {
    return size;
  }

  /** The q-quantile (nearest rank) in milliseconds; NaN when empty. */
  synchronized double ms(double q) {
    if (size == 0) {
      return Double.NaN;
    }
    long[] sorted = Arrays.copyOf(nanos, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(q * size) - 1;
    return sorted[Math.max(0, Math.min(size - 1, rank))] / 1e6;
  }

  synchronized double totalMs() {
    long sum = 0;
    for (int i = 0; i < size; i++) {
      sum += nanos[i];
    }
    return sum / 1e6;
  }
}
