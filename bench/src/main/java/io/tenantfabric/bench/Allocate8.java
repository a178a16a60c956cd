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
 */
final class Allocate8 implements Scenario {
  static final int WARMUP = 300;
  static final int ROUNDS = 100;

  /** The rounds before those measured as a young controller's. */
  static final int YOUNG_AFTER = 10;

  @Override
  public String name() {
    return "allocate-8";
  }

  @Override
  public String description() {
    return "8-GPU allocation to ACTIVE over HTTP, h3c-s9825-1024, d = 0";
  }

  @Override
  public List<String> fixtures() {
    return List.of(Fixtures.FABRIC_1024);
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    Floor floor = fixtures.floor();
    Product product = fixtures.fabric1024();
    Api api = product.api();
    product.awaitQuiet(Duration.ofMinutes(2));
    Leases.createTenant(api, "eight", 8);
    Latencies allocate = new Latencies();
    Latencies release = new Latencies();
    Latencies young = new Latencies();
    double load = LoadedFabric.loadAverage();
    long head = AuditEvents.head(api);
    for (int i = 0; i < WARMUP + ROUNDS; i++) {
      long t0 = System.nanoTime();
      JsonNode a = Leases.allocate(api, "eight", 8);
      long t1 = System.nanoTime();
      Leases.release(api, "eight", a.get("id").asString());
      long t2 = System.nanoTime();
      if (i >= WARMUP) {
        allocate.add(t1 - t0);
        release.add(t2 - t1);
      } else if (i >= YOUNG_AFTER && i < YOUNG_AFTER + ROUNDS) {
        young.add(t1 - t0);
      }
    }
    double loadAfter = LoadedFabric.loadAverage();
    List<JsonNode> applied = AuditEvents.applied(api, head);
    double p99 = allocate.ms(0.99);
    List<Figure> figures = new ArrayList<>();
    figures.add(Figure.atMost("allocate 8 GPUs to ACTIVE, p50", allocate.ms(0.5), "ms", 30));
    figures.add(Figure.atMost("allocate 8 GPUs to ACTIVE, p99", p99, "ms", 100));
    figures.add(
        Figure.context("NETCONF floor of the change (8 leaves at once)", floor.parallelMs(), "ms"));
    figures.add(Figure.atMost("p99 / floor", p99 / floor.parallelMs(), "x", 3));
    figures.add(Figure.context("allocate, max", allocate.ms(1.0), "ms"));
    figures.add(Figure.context("release to RELEASED, p50", release.ms(0.5), "ms"));
    String rounds = "rounds " + (YOUNG_AFTER + 1) + "-" + (YOUNG_AFTER + ROUNDS);
    figures.add(Figure.context("young controller (" + rounds + "), p50", young.ms(0.5), "ms"));
    figures.add(Figure.context("young controller (" + rounds + "), p99", young.ms(0.99), "ms"));
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
    return new ScenarioResult(name(), description(), figures, notes);
  }
}
