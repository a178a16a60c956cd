package io.tenantfabric.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;
import tools.jackson.databind.JsonNode;

/**
 * {@code burst}: {@value #CLIENTS} HTTP clients each keep one one-GPU allocation of a new tenant in
 * flight ({@code ?wait=PT60S}, then the next), {@value #ALLOCATIONS} in all, on the 1,024-GPU
 * fabric with {@value #DELAY_MS} ms added to every RPC of every switch; the rate achieved against
 * the device ceiling, and the batch size achieved (allocations per switch transaction, from the
 * controller's {@code device.apply} audit events).
 *
 * <p>The ceiling: a switch transaction sends k = F + E(b) sequential RPCs (F fixed, counted by
 * {@link EmptyTransaction}; E(b) the edit RPCs that carry its b allocations: one per run of steps
 * of one kind, so about as many as for one allocation), each taking d, so a switch allows at most
 * one transaction every k x d. If every batch carried all pending work, each round would carry all
 * {@value #CLIENTS} allocations in flight, spread over the L leaves they land on (b = C / L per
 * leaf, the leaves in parallel), and the rate would be C / ((F + E(C / L)) x d). E(C / L) is read
 * from the events: the edit RPCs of the transactions that carried the most steps in the run (the
 * largest b seen). The target is at least 80 % of it.
 */
final class Burst implements Scenario {
  static final long DELAY_MS = 200;
  static final int CLIENTS = 48;
  static final int ALLOCATIONS = 192;

  @Override
  public String name() {
    return "burst";
  }

  @Override
  public String description() {
    return CLIENTS
        + " clients, "
        + ALLOCATIONS
        + " one-GPU allocations, h3c-s9825-1024, d = "
        + DELAY_MS
        + " ms, against the device ceiling";
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
    List<String> devices = Inventory.names(product.emulator().inventory());
    EmulatorControl control = product.emulator().control();
    double load = LoadedFabric.loadAverage();
    long head = AuditEvents.head(api);
    long start;
    long end;
    Parallel.delay(control, devices, DELAY_MS);
    try {
      List<Integer> clients = IntStream.range(0, CLIENTS).boxed().toList();
      start = System.nanoTime();
      Parallel.each(
          clients,
          CLIENTS,
          c -> {
            for (int i = c; i < ALLOCATIONS; i += CLIENTS) {
              String tenant = String.format("b%04d", i);
              Leases.createTenant(api, tenant, 1);
              Leases.allocate(api, tenant, 1);
            }
          });
      end = System.nanoTime();
    } finally {
      Parallel.delay(control, devices, 0);
    }
    double loadAfter = LoadedFabric.loadAverage();
    product.awaitQuiet(Duration.ofMinutes(2));

    List<JsonNode> applied = AuditEvents.applied(api, head);
    Set<String> leaves = new HashSet<>();
    Set<Long> batches = new HashSet<>();
    long steps = 0;
    long edits = 0;
    int mostSteps = 0;
    int editsOfMostSteps = 0;
    for (JsonNode e : applied) {
      leaves.add(e.get("target").asString());
      batches.add(e.get("details").get("batch").asLong());
      int s = e.get("details").get("steps").asInt();
      int r = e.get("details").get("edits").asInt();
      steps += s;
      edits += r;
      if (s > mostSteps || (s == mostSteps && r > editsOfMostSteps)) {
        mostSteps = s;
        editsOfMostSteps = r;
      }
    }
    double window = (end - start) / 1e9;
    double achieved = ALLOCATIONS / window;
    double perTransaction = ALLOCATIONS / (double) applied.size();
    double idealPerLeaf = CLIENTS / (double) leaves.size();
    double roundSeconds = (floor.fixed().total() + editsOfMostSteps) * DELAY_MS / 1000.0;
    double ceiling = CLIENTS / roundSeconds;

    List<Figure> figures = new ArrayList<>();
    figures.add(Figure.context("allocations per second achieved", achieved, "/s"));
    figures.add(Figure.context("device ceiling", ceiling, "/s"));
    figures.add(Figure.atLeast("achieved / ceiling", 100 * achieved / ceiling, "%", 80));
    figures.add(Figure.atLeast("allocations per switch transaction", perTransaction, "", 5));
    figures.add(Figure.context("if every batch carried all pending work", idealPerLeaf, ""));
    figures.add(Figure.context("burst, first request to last ACTIVE", window * 1000, "ms"));
    List<String> notes = new ArrayList<>();
    notes.add(
        String.format(
            Locale.ROOT,
            "%d switch transactions in %d batches on %d leaves, %d edit steps in %d edit RPCs;"
                + " F = %d fixed RPCs, E = %d edit RPCs (the transactions with the most steps, %d),"
                + " d = %d ms: a round of C / L = %.1f per leaf takes %.2f s",
            applied.size(),
            batches.size(),
            leaves.size(),
            steps,
            edits,
            floor.fixed().total(),
            editsOfMostSteps,
            mostSteps,
            DELAY_MS,
            idealPerLeaf,
            roundSeconds));
    notes.add(
        String.format(
            Locale.ROOT,
            "the delay is the emulator's DELAY fault on all %d switches (the same per-RPC sleep as"
                + " --delay-ms); load average %.1f before, %.1f after",
            devices.size(),
            load,
            loadAfter));
    return new ScenarioResult(name(), description(), figures, notes);
  }
}
