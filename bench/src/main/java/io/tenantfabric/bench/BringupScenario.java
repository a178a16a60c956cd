package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code bringup-2048}, {@code bringup-10240}, {@code bringup-2048-d50}: one one-GPU tenant per GPU
 * of a preset (leaves only), from an empty fabric (defined, every leaf IN_SYNC with its day-0
 * config) to every allocation ACTIVE, through the API ({@link LoadedFabric}); against {@link
 * SequentialPush}, the same configs pushed one change at a time through the same client, measured
 * on the first {@code sample} tenants and extrapolated. With a per-RPC delay d > 0 both are
 * measured at d, beside the NETCONF floor of one change at d.
 */
final class BringupScenario implements Scenario {
  /** The speed-up over one change at a time a bring-up is held to at d > 0. */
  static final double SPEED_UP = 50;

  private final String preset;
  private final int tenants;
  private final double targetMs;
  private final int sample;
  private final long delayMs;

  /** At d = 0: the controller's own cost, with no speed-up target (docs/benchmarks.md). */
  BringupScenario(String preset, int tenants, double targetMs, int sample) {
    this(preset, tenants, targetMs, sample, 0);
  }

  /**
   * At d = 0 {@code sample} is a multiple of 256: the first 256 one-GPU tenants fill one rail group
   * (8 leaves up to 32 tenants each), as every later group is filled, so the sample has the whole
   * run's mix of small and full leaves; there a tenant's change costs only the client's CPU, which
   * grows with what its leaf holds. At d > 0 a smaller sample is sound: every change is the same
   * RPCs (SequentialPush reports them per tenant), each costing d, so at 50 ms a tenant costs about
   * 0.8 s of sleep against a few ms of CPU; and a sample whose leaves are emptier than the run's
   * understates the CPU, so the baseline and the speed-up are understated, never flattered.
   */
  BringupScenario(String preset, int tenants, double targetMs, int sample, long delayMs) {
    this.preset = preset;
    this.tenants = tenants;
    this.targetMs = targetMs;
    this.sample = sample;
    this.delayMs = delayMs;
  }

  @Override
  public String name() {
    return "bringup-" + tenants + (delayMs == 0 ? "" : "-d" + delayMs);
  }

  @Override
  public String description() {
    return String.format(
        Locale.ROOT,
        "%,d one-GPU tenants from an empty %s (leaves only) to all ACTIVE, against pushing them one"
            + " change at a time%s",
        tenants,
        preset,
        delayMs == 0 ? "" : ", both at d = " + delayMs + " ms");
  }

  @Override
  public List<String> fixtures() {
    return List.of(Fixtures.loadedKey(preset, delayMs));
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    SequentialPush.Result seq =
        SequentialPush.run(
            env, env.outDir().resolve(name() + "-sequential"), preset, sample, delayMs);
    LoadedFabric loaded = fixtures.loaded(preset, delayMs);
    double bringupMs = loaded.bringup().elapsed().toMillis();
    double baselineMs = seq.extrapolated(tenants).toMillis();
    boolean extrapolated = seq.pushed() < tenants;

    List<Figure> figures = new ArrayList<>();
    figures.add(Figure.atMost("bring-up to all ACTIVE", bringupMs, "ms", targetMs));
    figures.add(Figure.context("tenants per second", loaded.bringup().perSecond(), "/s"));
    double firstQuarter = loaded.bringup().perSecondInQuarter(0);
    double lastQuarter = loaded.bringup().perSecondInQuarter(3);
    figures.add(Figure.context("tenants per second, first quarter answered", firstQuarter, "/s"));
    figures.add(Figure.context("tenants per second, last quarter answered", lastQuarter, "/s"));
    figures.add(
        Figure.context(
            "every tenant at the last quarter's rate (projected)",
            tenants / lastQuarter * 1000,
            "ms"));
    loaded
        .bringup()
        .cpu()
        .seconds()
        .forEach((process, s) -> figures.add(Figure.context("CPU of " + process, s, "s")));
    figures.add(
        Figure.context(
            "then every allocation read once (untimed above)",
            loaded.bringup().readBack().toMillis(),
            "ms"));
    figures.add(
        Figure.context(
            extrapolated
                ? "one change at a time (extrapolated from " + seq.pushed() + ")"
                : "one change at a time",
            baselineMs,
            "ms"));
    String speedUp = "speed-up over one change at a time";
    // at d = 0 the baseline is the client's own CPU, not a switch's latency: context only
    figures.add(
        delayMs == 0
            ? Figure.context(speedUp, baselineMs / bringupMs, "x")
            : Figure.atLeast(speedUp, baselineMs / bringupMs, "x", SPEED_UP));
    if (seq.floor() != null) {
      double floorMs = seq.floor().ms(0.5);
      figures.add(Figure.context("NETCONF floor of one change, d = " + delayMs, floorMs, "ms"));
      figures.add(
          Figure.context(
              "one change at a time: per tenant p50 / floor",
              seq.perTenant().ms(0.5) / floorMs,
              "x"));
    }
    figures.add(
        Figure.context("one change at a time: per tenant p50", seq.perTenant().ms(0.5), "ms"));
    figures.add(
        Figure.context("one change at a time: per tenant p99", seq.perTenant().ms(0.99), "ms"));
    figures.add(
        Figure.context("controller heap peak during bring-up", loaded.heapPeakMib(), "MiB"));
    figures.add(
        Figure.context(
            "controller heap after bring-up, after a full GC", loaded.heapAfterGcMib(), "MiB"));

    List<String> notes = new ArrayList<>();
    notes.add(
        String.format(
            Locale.ROOT,
            "bring-up: %d HTTP clients (create tenant, allocate 1 GPU without wait); requests done"
                + " after %d ms; ACTIVE = every switch in sync (GET /api/v1/fabric every %d ms"
                + " after the requests), then every allocation read once and found ACTIVE; load"
                + " average %.1f before, %.1f after",
            LoadedFabric.CLIENTS,
            loaded.bringup().requested().toMillis(),
            Bringup.POLL_MILLIS,
            loaded.loadBefore(),
            loaded.loadAfter()));
    notes.add(
        String.format(
            Locale.ROOT,
            "one change at a time: %d tenants pushed in %d ms (%s), %.1f RPCs per tenant %s taking"
                + " %s ms in all, compile %.0f ms in all; placement and pools worked out"
                + " beforehand",
            seq.pushed(),
            seq.elapsed().toMillis(),
            extrapolated ? "x " + tenants + "/" + seq.pushed() + " = extrapolated" : "measured",
            seq.rpcsPerTenant(),
            seq.rpcs(),
            seq.rpcMillis(),
            seq.compileMillis()));
    notes.add(
        "CPU from the first request to every switch in sync: "
            + loaded.bringup().cpu().describe()
            + " (PostgreSQL: every process named postgres; a backend that exited meanwhile is not"
            + " counted)");
    if (seq.floor() != null) {
      notes.add(
          String.format(
              Locale.ROOT,
              "d = %d ms: the emulator's DELAY fault on every leaf, set after the fabric was"
                  + " IN_SYNC and quiet and before the first tenant, cleared after every switch was"
                  + " in sync; the same on the one-change-at-a-time emulator after day-0; floor ="
                  + " p50 of %d runs, on one session, of the first tenant's transaction's round"
                  + " trips (RPCs per trip %s) with trivial RPCs",
              delayMs,
              seq.floor().count(),
              seq.chain()));
    }
    notes.add("controller -Xmx512m; heap peak = largest heap before a collection (GC log)");
    return new ScenarioResult(name(), description(), figures, notes);
  }
}
