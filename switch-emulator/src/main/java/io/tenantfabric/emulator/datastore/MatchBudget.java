package io.tenantfabric.emulator.datastore;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

/**
 * The CPU time one filter evaluation may spend matching {@code regExp} patterns, counted on the
 * calling thread. CPU time rather than wall-clock time, so that a loaded host or a GC pause never
 * fails an ordinary filter, while a runaway pattern is still stopped after the budget.
 */
final class MatchBudget {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Duration budget;
  private final boolean cpuClock;
  private final long start;

  private MatchBudget(Duration budget) {
    this.budget = budget;
    // Where the JVM cannot measure thread CPU time, elapsed time is the fallback.
    this.cpuClock = THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    this.start = now();
  }

  /** A budget that starts now, on the current thread. */
  static MatchBudget of(Duration budget) {
    return new MatchBudget(budget);
  }

  Duration budget() {
    return budget;
  }

  /** Throws {@link RegExpTimeoutException} once the budget is spent. */
  void check() {
    if (now() - start >= budget.toNanos()) {
      throw new RegExpTimeoutException(budget);
    }
  }

  private long now() {
    return cpuClock ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
  }
}
