package io.tenantfabric.model.placement;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * Benchmark, not a test: times placement decisions on the 10,240-GPU preset under random occupancy
 * and prints p50/p99 latency and decisions per second. Run with {@code java -cp
 * <test-classes>:<classes> io.tenantfabric.model.placement.PlacementBench [decisions]}.
 */
public final class PlacementBench {

  private PlacementBench() {}

  public static void main(String[] args) {
    int decisions = args.length > 0 ? Integer.parseInt(args[0]) : 5000;
    long buildStart = System.nanoTime();
    Fabric fabric = Fabric.of(FabricPresets.named("h3c-s9825-10240"));
    long buildNanos = System.nanoTime() - buildStart;
    Random random = new Random(42);
    int scenarios = 50;
    Occupancy[] occupancies = new Occupancy[scenarios];
    for (int i = 0; i < scenarios; i++) {
      occupancies[i] =
          RandomOccupancy.of(
              fabric, random.nextLong(), random.nextInt(80), random.nextInt(20), random.nextInt(4));
    }
    int[] sizes = {1, 2, 4, 8, 16, 32, 64, 7, 12, 128};
    // warm-up so that the JIT has compiled the hot path before timing
    for (int i = 0; i < 2000; i++) {
      decide(fabric, occupancies[i % scenarios], sizes[i % sizes.length]);
    }
    // thread CPU time alongside wall time: on a shared, loaded machine the wall-clock tail is
    // mostly time spent waiting for a core, which CPU time leaves out
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[] cpuNanos = new long[decisions];
    long[] nanos = new long[decisions];
    long placed = 0;
    long start = System.nanoTime();
    for (int i = 0; i < decisions; i++) {
      long c0 = threads.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      placed +=
          decide(
              fabric, occupancies[random.nextInt(scenarios)], sizes[random.nextInt(sizes.length)]);
      nanos[i] = System.nanoTime() - t0;
      cpuNanos[i] = threads.getCurrentThreadCpuTime() - c0;
    }
    long total = System.nanoTime() - start;
    Arrays.sort(nanos);
    Arrays.sort(cpuNanos);
    System.out.printf(
        Locale.ROOT,
        "fabric h3c-s9825-10240 built in %.1f ms; %d decisions (%d GPUs placed): p50 %.3f ms, p99 %.3f ms,"
            + " max %.3f ms, %.0f decisions/s%n",
        buildNanos / 1e6,
        decisions,
        placed,
        nanos[decisions / 2] / 1e6,
        nanos[(int) (decisions * 0.99)] / 1e6,
        nanos[decisions - 1] / 1e6,
        decisions / (total / 1e9));
    System.out.printf(
        Locale.ROOT,
        "thread CPU time per decision: p50 %.3f ms, p99 %.3f ms, max %.3f ms%n",
        cpuNanos[decisions / 2] / 1e6,
        cpuNanos[(int) (decisions * 0.99)] / 1e6,
        cpuNanos[decisions - 1] / 1e6);
  }

  private static int decide(Fabric fabric, Occupancy occupancy, int gpus) {
    try {
      return GpuPlacement.place(fabric, occupancy, gpus).size();
    } catch (InsufficientCapacityException e) {
      return 0;
    }
  }
}
