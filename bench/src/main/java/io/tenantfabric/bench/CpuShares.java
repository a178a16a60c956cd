package io.tenantfabric.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * CPU time of the processes a scenario runs on, between two moments: the controller, the emulator,
 * PostgreSQL (every process named {@code postgres}: the server's backends, which the controller's
 * connection pool keeps for the whole run, and its own workers; a backend that exits between the
 * two moments takes its time with it, so the figure is a floor) and the bench itself (its HTTP
 * clients). What the 2 cores spent on each, so that "bound by the controller's CPU" is a figure of
 * every run, not a claim.
 */
final class CpuShares {
  private final Map<String, Predicate<ProcessHandle>> groups = new LinkedHashMap<>();
  private Map<Long, Duration> before = Map.of();
  private long startedNanos;

  /** The processes named {@code postgres}, whoever started them. */
  static boolean postgres(ProcessHandle p) {
    return p.info()
        .command()
        .map(c -> c.endsWith("/postgres") || c.equals("postgres"))
        .orElse(false);
  }

  /** Counts the processes {@code member} accepts under {@code name}. */
  CpuShares group(String name, Predicate<ProcessHandle> member) {
    groups.put(name, member);
    return this;
  }

  /** Counts from now. */
  CpuShares start() {
    before = cpuByPid();
    startedNanos = System.nanoTime();
    return this;
  }

  /** Each group's CPU seconds since {@link #start}, then the cores' seconds elapsed. */
  Result stop() {
    Map<Long, Duration> after = cpuByPid();
    double elapsed = (System.nanoTime() - startedNanos) / 1e9;
    Map<String, Double> seconds = new LinkedHashMap<>();
    groups.keySet().forEach(g -> seconds.put(g, 0.0));
    ProcessHandle.allProcesses()
        .forEach(
            p -> {
              Duration now = after.get(p.pid());
              if (now == null) {
                return;
              }
              Duration spent = now.minus(before.getOrDefault(p.pid(), Duration.ZERO));
              for (Map.Entry<String, Predicate<ProcessHandle>> g : groups.entrySet()) {
                if (g.getValue().test(p)) {
                  seconds.merge(g.getKey(), spent.toNanos() / 1e9, Double::sum);
                  return;
                }
              }
            });
    return new Result(seconds, elapsed * Runtime.getRuntime().availableProcessors());
  }

  /** CPU seconds per group, and what the machine's cores had in all over the same time. */
  record Result(Map<String, Double> seconds, double coreSeconds) {
    /** "controller 27.5 s, emulator 7.1 s, ... of 40.4 core-seconds". */
    String describe() {
      StringBuilder s = new StringBuilder();
      seconds.forEach((g, v) -> s.append(String.format(Locale.ROOT, "%s %.1f s, ", g, v)));
      return s.append(String.format(Locale.ROOT, "of %.1f core-seconds", coreSeconds)).toString();
    }
  }

  private static Map<Long, Duration> cpuByPid() {
    Map<Long, Duration> out = new HashMap<>();
    ProcessHandle.allProcesses()
        .forEach(
            p -> {
              Optional<Duration> cpu = p.info().totalCpuDuration();
              cpu.ifPresent(d -> out.put(p.pid(), d));
            });
    return out;
  }
}
