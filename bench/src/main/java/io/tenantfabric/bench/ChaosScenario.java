package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * {@code chaos}: two controller instances on a replicated PostgreSQL, the 2,048-GPU fabric (leaves
 * only) at {@value #DELAY_MS} ms per RPC, and {@value #CLIENTS} portals spread over both instances
 * changing tenants and leases for {@value #WINDOW_SECONDS} s while a seeded {@link ChaosSchedule}
 * kills the provisioning leader, promotes the database's standby, stops, slows, locks, refuses and
 * wipes leaves. Then the faults end, the fabric is left to settle (bounded) and {@link ChaosChecks}
 * holds it to every promise. Run only when named ({@code --scenario chaos [--seed N]}): it needs
 * PostgreSQL's server binaries, and its figures are correctness, not speed.
 */
final class ChaosScenario implements Scenario {
  static final String PRESET = FabricPresets.H3C_S9825_2048;
  static final long DELAY_MS = 20;
  static final int CLIENTS = 8;
  static final int WINDOW_SECONDS = 180;
  static final Duration SETTLE = Duration.ofMinutes(5);

  private final long seed;

  /** A run whose fault schedule is drawn from {@code seed}. */
  ChaosScenario(long seed) {
    this.seed = seed;
  }

  @Override
  public String name() {
    return "chaos";
  }

  @Override
  public String description() {
    return "tenant and lease churn on two instances under seeded faults, "
        + PRESET
        + " at d = "
        + DELAY_MS
        + " ms: nothing lost, stuck, doubled or drifted";
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    try (ChaosFabric fabric =
            ChaosFabric.start(env, env.outDir().resolve(name()), PRESET, DELAY_MS);
        ChaosFaults faults = new ChaosFaults(fabric)) {
      ChaosSchedule schedule = ChaosSchedule.draw(seed, WINDOW_SECONDS * 1000L, leaves(fabric));
      schedule.describe().forEach(System.out::println);
      ChaosLedger ledger = new ChaosLedger();
      long start = System.nanoTime();
      long end = start + Duration.ofSeconds(WINDOW_SECONDS).toNanos();
      ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
      for (int i = 0; i < CLIENTS; i++) {
        clients.submit(new ChaosClient(i, fabric.instances(), ledger, seed, end));
      }
      faults.start(schedule);
      clients.shutdown();
      // a client's last lease may still be followed, its last request retried, after the window
      clients.awaitTermination(WINDOW_SECONDS + 360, TimeUnit.SECONDS);
      faults.awaitEnd(Duration.ofMinutes(5));
      faults.restartDead();
      long fired = System.nanoTime();
      boolean settled = settle(fabric);
      double settleMs = (System.nanoTime() - fired) / 1e6;

      ChaosChecks checks = new ChaosChecks(fabric, ledger);
      int[] stuckAndUnhealthy = checks.stuckAndUnhealthy();
      List<Figure> figures = new ArrayList<>();
      figures.add(Figure.atMost("lost: acknowledged changes missing", checks.lost(), "", 0));
      figures.add(Figure.atMost("stuck: allocations not final", stuckAndUnhealthy[0], "", 0));
      figures.add(Figure.atMost("GPUs in two live allocations", checks.doubleGpus(), "", 0));
      figures.add(Figure.atMost("switches drifted from intent", checks.drifted(), "", 0));
      figures.add(Figure.atMost("ACTIVE allocations not health OK", stuckAndUnhealthy[1], "", 0));
      figures.add(
          Figure.atMost(
              "switches UNREACHABLE or NOT_READY", checks.unreachableOrNotReady(), "", 0));
      figures.add(Figure.holds("isolation audit CLEAN", checks.isolationClean()));
      figures.add(Figure.holds("audit chain verifies in full", checks.chainVerifies()));
      figures.add(
          Figure.atMost(
              "replays not answered with the first answer", ledger.replayMismatches.get(), "", 0));
      figures.add(Figure.atMost("answers 5xx other than 503", ledger.serverErrors.get(), "", 0));
      figures.add(
          Figure.atMost(
              "answers 4xx a correct product never gives", ledger.unexpected.get(), "", 0));
      figures.add(Figure.holds("settled within " + SETTLE.toMinutes() + " min", settled));
      context(figures, ledger, schedule, start, end, settleMs);
      Map<String, Integer> errors = ChaosLogs.errors(env.outDir().resolve(name()));
      figures.add(Figure.context("controller ERROR lines", ChaosLogs.total(errors), ""));

      List<String> notes = new ArrayList<>(schedule.describe());
      notes.add("what happened:");
      faults.log().forEach(l -> notes.add("  " + l));
      checks.findings().forEach(f -> notes.add("finding: " + f));
      ledger.anomalies().forEach(a -> notes.add("anomaly: " + a));
      notes.addAll(ChaosLogs.describe(errors));
      notes.add(
          String.format(
              Locale.ROOT,
              "%d clients over 2 instances, %d s of faults, controller restarts: %s; settle ="
                  + " every switch IN_SYNC, no allocation PROVISIONING or RELEASING, no operation"
                  + " open",
              CLIENTS,
              WINDOW_SECONDS,
              fabric.instances().stream().map(i -> Integer.toString(i.starts() - 1)).toList()));
      return new ScenarioResult(name(), description(), figures, notes);
    }
  }

  private static void context(
      List<Figure> figures,
      ChaosLedger ledger,
      ChaosSchedule schedule,
      long start,
      long end,
      double settleMs) {
    figures.add(Figure.context("seed", schedule.seed(), ""));
    figures.add(Figure.context("requests", ledger.requests.get(), ""));
    figures.add(Figure.context("answers 503 (retried)", ledger.unavailable.get(), ""));
    figures.add(
        Figure.context(
            "requests without an answer (retried)", ledger.connectionFailures.get(), ""));
    figures.add(Figure.context("retries answered", ledger.retriedAndAnswered.get(), ""));
    figures.add(Figure.context("retries answered by a replay", ledger.retriesReplayed.get(), ""));
    figures.add(Figure.context("deliberate replays", ledger.replays.get(), ""));
    figures.add(
        Figure.context("refused 409 (quota, capacity, live GPUs)", ledger.refused.get(), ""));
    figures.add(Figure.context("changes abandoned unanswered", ledger.abandoned.get(), ""));
    long tenantsCreated = ledger.tenants.size();
    long tenantsDeleted = ledger.tenants.values().stream().filter(d -> d).count();
    figures.add(Figure.context("tenants created (acknowledged)", tenantsCreated, ""));
    figures.add(Figure.context("tenants deleted (acknowledged)", tenantsDeleted, ""));
    figures.add(Figure.context("allocations placed (acknowledged)", ledger.leases.size(), ""));
    long active =
        ledger.leases.values().stream()
            .filter(l -> l.seenActive && l.activeAtNanos >= start && l.activeAtNanos <= end)
            .count();
    figures.add(Figure.context("allocations ACTIVE during the faults", active, ""));
    figures.add(
        Figure.context(
            "allocations ACTIVE per second under fire", active / (double) WINDOW_SECONDS, "/s"));
    figures.add(
        Figure.context(
            "allocations released (acknowledged)",
            ledger.leases.values().stream().filter(l -> l.released).count(),
            ""));
    Map<ChaosSchedule.Kind, Integer> byKind = new EnumMap<>(ChaosSchedule.Kind.class);
    schedule.faults().forEach(f -> byKind.merge(f.kind(), 1, Integer::sum));
    byKind.forEach((k, n) -> figures.add(Figure.context("faults: " + k, n, "")));
    figures.add(Figure.context("time to settle", settleMs, "ms"));
  }

  /** Waits (bounded) for a quiet fabric: true when it got there. */
  private static boolean settle(ChaosFabric fabric) throws Exception {
    long end = System.nanoTime() + SETTLE.toNanos();
    while (System.nanoTime() < end) {
      Api api = fabric.anyApi();
      try {
        if (api.allInSync()
            && none(api, "/api/v1/allocations?limit=1&status=PROVISIONING")
            && none(api, "/api/v1/allocations?limit=1&status=RELEASING")
            && none(api, "/api/v1/fabric/operations?limit=1&state=RUNNING")
            && none(api, "/api/v1/fabric/operations?limit=1&state=WAITING")) {
          return true;
        }
      } catch (IOException notNow) {
        // an instance still starting: asked again
      }
      Thread.sleep(1000);
    }
    return false;
  }

  private static boolean none(Api api, String path) throws IOException {
    Api.Response r = api.get(path);
    return r.status() == 200 && r.json().get("items").isEmpty();
  }

  private static List<String> leaves(ChaosFabric fabric) throws Exception {
    List<String> leaves = new ArrayList<>();
    for (JsonNode d : fabric.emulator().control().getJson("/devices").get("devices")) {
      if (d.path("installed").asBoolean(true)
          && "LEAF".equalsIgnoreCase(d.get("role").asString())) {
        leaves.add(d.get("name").asString());
      }
    }
    return leaves;
  }
}
