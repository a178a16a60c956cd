package io.tenantfabric.controller.provision;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Where one provisioning cycle's time went, phase by phase (load, compile, writer locks, connect,
 * open, prepare, confirm, outcome, ...): recorded as {@code fabric_provisioning_phase_seconds} and
 * logged at DEBUG, so that an allocation slower than its NETCONF floor says which phase took the
 * rest. Not thread-safe: one cycle, one thread.
 */
final class BatchPhases {

  private final Map<String, Long> nanos = new LinkedHashMap<>();
  private long last = System.nanoTime();

  /** Ends the phase {@code name} now (the time since the previous lap, or since creation). */
  void lap(String name) {
    long now = System.nanoTime();
    nanos.merge(name, now - last, Long::sum);
    last = now;
  }

  /** The nanoseconds of the named phases together (zero for a phase that did not run). */
  long nanosOf(String... names) {
    long sum = 0;
    for (String n : names) {
      sum += nanos.getOrDefault(n, 0L);
    }
    return sum;
  }

  /** The nanoseconds of every phase so far together. */
  long totalNanos() {
    long sum = 0;
    for (long n : nanos.values()) {
      sum += n;
    }
    return sum;
  }

  /** Phase name to nanoseconds, in the order the phases first ended. */
  Map<String, Long> nanos() {
    return nanos;
  }

  @Override
  public String toString() {
    StringJoiner j = new StringJoiner(", ");
    for (Map.Entry<String, Long> e : nanos.entrySet()) {
      j.add(e.getKey() + " " + String.format("%.1f", e.getValue() / 1e6) + " ms");
    }
    return "total " + String.format("%.1f", totalNanos() / 1e6) + " ms: " + j;
  }
}
