package io.tenantfabric.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * {@code allocate-8}: an 8-GPU allocation (one whole server: one port on each of 8 leaves) from the
 * API call to ACTIVE over HTTP ({@code POST ...?wait=PT60S} answering 200 ACTIVE), then released
 * (untimed, waited for), {@value #ROUNDS} times after {@value #WARMUP} unmeasured ones, on the
 * empty 1,024-GPU fabric with no per-RPC delay; p50 and p99 next to the NETCONF floor of the same
 * change. The controller is measured warm, as the floor is (after its own warm-up): its JIT
 * compiles the allocation and provisioning paths over the first rounds, and a controller runs for
 * months (docs/benchmarks.md). The first {@value #ROUNDS} rounds after {@value #YOUNG_AFTER} are
 * reported too, as a young controller's.
 *
 * <p>{@code allocate-8-d50}: the same with the per-RPC delay d = 50 ms on every switch for the
 * measured rounds only, against the floor of the same change at the same d; the warm-up runs at d =
 * 0, where it takes seconds instead of minutes and warms the same paths. It shares the 1,024-GPU
 * fabric with allocate-8 and burst rather than start a product of its own (another start and JIT
 * warm-up on 2 cores), so the delay is cleared when its rounds end, as burst clears its own.
 */
final class Allocate8 implements Scenario {
  static final int WARMUP = 300;
  static final int ROUNDS = 100;

  /** The rounds before those measured as a young controller's. */
  static final int YOUNG_AFTER = 10;

  /** The bound on p99 / floor at d > 0: the controller's own work within 20 % of the protocol's. */
  static final double FLOOR_RATIO = 1.2;

  private final long delayMs;

  /** At d = 0: the controller's own cost; p99 / floor is context (docs/benchmarks.md). */
  Allocate8() {
    this(0);
  }

  Allocate8(long delayMs) {
    this.delayMs = delayMs;
  }

  @Override
  public String name() {
    return "allocate-8" + (delayMs == 0 ? "" : "-d" + delayMs);
  }

  @Override
  public String description() {
    return "8-GPU allocation to ACTIVE over HTTP, h3c-s9825-1024, d = "
        + delayMs
        + (delayMs == 0 ? "" : " ms");
  }

  @Override
  public List<String> fixtures() {
    return List.of(Fixtures.FABRIC_1024);
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    Floor floor = fixtures.floor(delayMs);
    Product product = fixtures.fabric1024();
    Api api = product.api();
    product.awaitQuiet(Duration.ofMinutes(2));
    // a tenant of its own, so that allocate-8 and allocate-8-d50 share the fabric in one run
    String tenant = delayMs == 0 ? "eight" : "eight-d" + delayMs;
    Leases.createTenant(api, tenant, 8);
    Latencies allocate = new Latencies();
    Latencies release = new Latencies();
    Latencies young = new Latencies();
    List<String> devices = Inventory.names(product.emulator().inventory());
    EmulatorControl control = product.emulator().control();
    double load = LoadedFabric.loadAverage();
    long head = AuditEvents.head(api);
    try {
      for (int i = 0; i < WARMUP + ROUNDS; i++) {
        if (i == WARMUP && delayMs > 0) {
          Parallel.delay(control, devices, delayMs);
        }
        long t0 = System.nanoTime();
        JsonNode a = Leases.allocate(api, tenant, 8);
        long t1 = System.nanoTime();
        Leases.release(api, tenant, a.get("id").asString());
        long t2 = System.nanoTime();
        if (i >= WARMUP) {
          allocate.add(t1 - t0);
          release.add(t2 - t1);
        } else if (i >= YOUNG_AFTER && i < YOUNG_AFTER + ROUNDS) {
          young.add(t1 - t0);
        }
      }
    } finally {
      if (delayMs > 0) {
        Parallel.delay(control, devices, 0);
      }
    }
    double loadAfter = LoadedFabric.loadAverage();
    List<JsonNode> applied = AuditEvents.applied(api, head);
    double p99 = allocate.ms(0.99);
    List<Figure> figures = new ArrayList<>();
    String p50Name = "allocate 8 GPUs to ACTIVE, p50";
    String p99Name = "allocate 8 GPUs to ACTIVE, p99";
    String ratioName = "p99 / floor";
    if (delayMs == 0) {
      figures.add(Figure.atMost(p50Name, allocate.ms(0.5), "ms", 30));
      figures.add(Figure.atMost(p99Name, p99, "ms", 100));
    } else {
      figures.add(Figure.context(p50Name, allocate.ms(0.5), "ms"));
      figures.add(Figure.context(p99Name, p99, "ms"));
    }
    figures.add(
        Figure.context(
            "NETCONF floor of the change (8 leaves at once)"
                + (delayMs == 0 ? "" : ", d = " + delayMs),
            floor.parallelMs(),
            "ms"));
    // at d = 0 the floor is the emulator's and the loopback's microseconds: context only
    figures.add(
        delayMs == 0
            ? Figure.context(ratioName, p99 / floor.parallelMs(), "x")
            : Figure.atMost(ratioName, p99 / floor.parallelMs(), "x", FLOOR_RATIO));
    if (delayMs > 0) {
      figures.add(Figure.context("p50 / floor", allocate.ms(0.5) / floor.parallelMs(), "x"));
    }
    figures.add(Figure.context("allocate, max", allocate.ms(1.0), "ms"));
    figures.add(Figure.context("release to RELEASED, p50", release.ms(0.5), "ms"));
    if (delayMs == 0) { // at d > 0 the young rounds ran at d = 0: not the measured change
      String rounds = "rounds " + (YOUNG_AFTER + 1) + "-" + (YOUNG_AFTER + ROUNDS);
      figures.add(Figure.context("young controller (" + rounds + "), p50", young.ms(0.5), "ms"));
      figures.add(Figure.context("young controller (" + rounds + "), p99", young.ms(0.99), "ms"));
    }
    List<String> notes = new ArrayList<>();
    notes.add(
        String.format(
            Locale.ROOT,
            "%d measured rounds after %d warm-up; %d switch transactions in all (allocate +"
                + " release, %.1f per round); load average %.1f before, %.1f after",
            ROUNDS,
            WARMUP,
            applied.size(),
            applied.size() / (double) (WARMUP + ROUNDS),
            load,
            loadAfter));
    if (delayMs > 0) {
      notes.add(
          String.format(
              Locale.ROOT,
              "d = %d ms: the emulator's DELAY fault on all %d switches for the %d measured rounds"
                  + " only (the warm-up ran at d = 0), cleared after; floor = p50 of %d x %d chains"
                  + " on the %d leaves at once with the delay on them",
              delayMs,
              devices.size(),
              ROUNDS,
              floor.parallelSessions(),
              floor.parallelChain().count() / floor.parallelSessions(),
              floor.parallelSessions()));
    }
    return new ScenarioResult(name(), description(), figures, notes);
  }
}
