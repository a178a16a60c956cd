package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code soak}: steady allocate/release churn for {@code minutes} measured minutes on the 1,024-GPU
 * fabric (spines included) with {@value #DELAY_MS} ms added to every RPC of every switch, {@value
 * #CLIENTS} HTTP clients each looping over {@value #TENANTS_EACH} tenants of its own ({@link
 * SoakClients}), the controller with its reconcile schedule on and its retentions short enough to
 * act many times within the soak. At the end of each minute a {@link SoakSample}; the figures
 * ({@link SoakReport}) hold the last measured minute against the first.
 *
 * <p>The first minute of load is a warm-up, not measured: a young controller's JIT takes a large
 * share of 2 cores in its first minutes (docs/perf/jit-on-2-cores.md), so a first minute measured
 * at once would show the compiler, not a leak, and its slow latencies would make any later minute
 * look good. It is printed in the notes as minute 0.
 *
 * <p>A retention-bound table is bounded when, at the end, no row is older than its retention plus
 * the interval of the deletion that applies it plus {@link SoakTable#SLACK}: its rows are then the
 * last retention's worth of a steady churn, whatever the soak's length, and the per-minute counts
 * in the notes show them level. A table that kept its rows would hold rows as old as the load (the
 * warm-up and at least one minute: two retentions or more). The scheduled reconcile runs every
 * {@code 30 s}, so every minute holds two of them.
 */
final class Soak implements Scenario {
  static final int DEFAULT_MINUTES = 10;
  static final long DELAY_MS = 20;
  static final int CLIENTS = 4;
  static final int TENANTS_EACH = 4;
  static final Duration WARMUP = Duration.ofMinutes(1);
  static final Duration RECONCILE_INTERVAL = Duration.ofSeconds(30);

  /**
   * Every retention of the soak: each property's record only requires a positive duration, so a
   * minute is short enough to act several times within the shortest soak and long enough to hold a
   * few of the scheduled runs it bounds.
   */
  static final Duration RETENTION = Duration.ofSeconds(60);

  /** The idempotency sweep and the event prune; the after-batch audits keep their 5 s. */
  static final Duration DELETE_INTERVAL = Duration.ofSeconds(10);

  static final Duration AFTER_BATCH_INTERVAL = Duration.ofSeconds(5);

  static final List<SoakTable> TABLES =
      List.of(
          SoakTable.growing("allocations", "allocations"),
          SoakTable.growing("audit trail", "audit_events"),
          SoakTable.growing("provisioning batches", "provisioning_batches"),
          SoakTable.bounded(
              "reconcile runs", "reconcile_runs", "requested_at", RETENTION, RECONCILE_INTERVAL),
          SoakTable.bounded(
              "isolation audits",
              "isolation_audits",
              "requested_at",
              RETENTION,
              AFTER_BATCH_INTERVAL),
          SoakTable.bounded(
              "idempotency records",
              "idempotency_records",
              "created_at",
              RETENTION,
              DELETE_INTERVAL),
          SoakTable.bounded("events", "events", "created_at", RETENTION, DELETE_INTERVAL));

  private final int minutes;

  Soak(int minutes) {
    this.minutes = minutes;
  }

  @Override
  public String name() {
    return "soak";
  }

  @Override
  public String description() {
    return minutes
        + " minutes of allocate/release churn, "
        + CLIENTS
        + " clients, h3c-s9825-1024, d = "
        + DELAY_MS
        + " ms, reconcile every "
        + RECONCILE_INTERVAL.toSeconds()
        + " s, retentions "
        + RETENTION.toSeconds()
        + " s";
  }

  /** The controller's Spring arguments: the schedule on, every retention short. */
  static List<String> controllerArgs() {
    return List.of(
        "--fabric.reconcile.interval=" + seconds(RECONCILE_INTERVAL),
        "--fabric.reconcile.retention=" + seconds(RETENTION),
        "--fabric.isolation.retention=" + seconds(RETENTION),
        "--fabric.isolation.after-batch-interval=" + seconds(AFTER_BATCH_INTERVAL),
        "--fabric.idempotency.ttl=" + seconds(RETENTION),
        "--fabric.idempotency.sweep-interval=" + seconds(DELETE_INTERVAL),
        "--fabric.events.retention=" + seconds(RETENTION),
        "--fabric.events.prune-interval=" + seconds(DELETE_INTERVAL));
  }

  private static String seconds(Duration d) {
    return d.toSeconds() + "s";
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    Product.Options options =
        Product.Options.standard(FabricPresets.H3C_S9825_1024, false)
            .withControllerArgs(controllerArgs());
    try (Product product = Product.start(env, name(), options)) {
      product.awaitInSync(Duration.ofMinutes(5));
      product.awaitQuiet(Duration.ofMinutes(2));
      Api api = product.api();
      List<List<String>> tenants = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        List<String> own = new ArrayList<>();
        for (int t = 0; t < TENANTS_EACH; t++) {
          own.add("soak-" + c + "-" + t);
          Leases.createTenant(api, own.get(t), 8);
        }
        tenants.add(own);
      }
      List<String> devices = Inventory.names(product.emulator().inventory());
      EmulatorControl control = product.emulator().control();
      Parallel.delay(control, devices, DELAY_MS);
      try (SoakClients clients = SoakClients.start(api, tenants)) {
        long start = System.nanoTime();
        clients.runUntil(start + WARMUP.toNanos());
        SoakSample warm = SoakSample.take(product, env, TABLES, 0, clients.cut());
        System.out.println("   " + warm.line(TABLES, "minute 0 (warm-up)"));
        Latencies all = new Latencies();
        List<SoakSample> samples = new ArrayList<>();
        for (int m = 1; m <= minutes; m++) {
          clients.runUntil(start + WARMUP.toNanos() + Duration.ofMinutes(m).toNanos());
          Latencies minute = clients.cut();
          samples.add(SoakSample.take(product, env, TABLES, m, minute));
          // after the sample: an allocation a client finished as the minute was cut counts in both
          all.addAll(minute);
          System.out.println("   " + samples.get(m - 1).line(TABLES, "minute " + m));
        }
        clients.stop();
        return new SoakReport(TABLES, warm, samples, all).result(name(), description());
      } finally {
        Parallel.delay(control, devices, 0);
      }
    }
  }
}
