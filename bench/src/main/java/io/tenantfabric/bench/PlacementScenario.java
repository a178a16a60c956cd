package io.tenantfabric.bench;

import io.tenantfabric.model.placement.GpuPlacement;
import io.tenantfabric.model.placement.InsufficientCapacityException;
import io.tenantfabric.model.placement.Occupancy;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * {@code placement}: placement decisions on the 10,240-GPU / 320-leaf model, called directly in the
 * bench JVM (tenant-model's {@link GpuPlacement}, the function the controller calls under its
 * fabric lock; no HTTP, no database): {@value #DECISIONS} decisions of 1 to 128 GPUs over 50 random
 * occupancies (0-80 % busy, some cordoned GPUs and drained leaves), after a warm-up.
 */
final class PlacementScenario implements Scenario {
  static final int DECISIONS = 20_000;
  private static final int[] SIZES = {1, 2, 4, 8, 16, 32, 64, 7, 12, 128};

  @Override
  public String name() {
    return "placement";
  }

  @Override
  public String description() {
    return "placement decisions on the h3c-s9825-10240 model, in process";
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) {
    long b0 = System.nanoTime();
    Fabric fabric = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_10240));
    double buildMs = (System.nanoTime() - b0) / 1e6;
    Random random = new Random(42);
    Occupancy[] occupancies = new Occupancy[50];
    for (int i = 0; i < occupancies.length; i++) {
      occupancies[i] =
          RandomOccupancy.of(
              fabric, random.nextLong(), random.nextInt(80), random.nextInt(20), random.nextInt(4));
    }
    for (int i = 0; i < 2000; i++) {
      decide(fabric, occupancies[i % occupancies.length], SIZES[i % SIZES.length]);
    }
    double load = LoadedFabric.loadAverage();
    Latencies decisions = new Latencies();
    long placed = 0;
    long start = System.nanoTime();
    for (int i = 0; i < DECISIONS; i++) {
      Occupancy o = occupancies[random.nextInt(occupancies.length)];
      int n = SIZES[random.nextInt(SIZES.length)];
      long t = System.nanoTime();
      placed += decide(fabric, o, n);
      decisions.add(System.nanoTime() - t);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    List<Figure> figures = new ArrayList<>();
    figures.add(Figure.context("decision p50", decisions.ms(0.5), "ms"));
    figures.add(Figure.atMost("decision p99", decisions.ms(0.99), "ms", 10));
    figures.add(Figure.atLeast("decisions per second", DECISIONS / seconds, "/s", 500));
    List<String> notes = new ArrayList<>();
    notes.add(
        String.format(
            Locale.ROOT,
            "%d decisions placed %d GPUs; max %.2f ms; model built in %.0f ms; load average %.1f",
            DECISIONS,
            placed,
            decisions.ms(1),
            buildMs,
            load));
    return new ScenarioResult(name(), description(), figures, notes);
  }

  private static int decide(Fabric fabric, Occupancy occupancy, int gpus) {
    try {
      return GpuPlacement.place(fabric, occupancy, gpus).size();
    } catch (InsufficientCapacityException e) {
      return 0;
    }
  }
}
