package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * {@code readback}: read-back and drift check of every leaf, {@code POST
 * /api/v1/fabric/reconcile?policy=report}, timed by the run's own {@code startedAt} and {@code
 * finishedAt}, on 64 leaves ({@code h3c-s9825-2048}) and 320 leaves ({@code h3c-s9825-10240}),
 * leaves only, each with a one-GPU tenant on every GPU (32 per leaf: the largest configs a leaf
 * holds without breakout); a reconcile's scope is one switch or the fabric, so the fabric is the 64
 * or the 320 leaves. {@value #RUNS} runs each, the median reported; none may find drift.
 */
final class Readback implements Scenario {
  static final int RUNS = 3;
  private static final String SMALL = FabricPresets.H3C_S9825_2048;
  private static final String LARGE = FabricPresets.H3C_S9825_10240;

  @Override
  public String name() {
    return "readback";
  }

  @Override
  public String description() {
    return "read-back + drift check of 64 and 320 loaded leaves (reconcile, policy report), d = 0";
  }

  @Override
  public List<String> fixtures() {
    return List.of(Fixtures.loadedKey(SMALL), Fixtures.loadedKey(LARGE));
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    List<Figure> figures = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    measure(fixtures, SMALL, 64, 1000, figures, notes);
    fixtures.done(this, Fixtures.loadedKey(SMALL)); // before the large fabric starts
    measure(fixtures, LARGE, 320, 5000, figures, notes);
    return new ScenarioResult(name(), description(), figures, notes);
  }

  private void measure(
      Fixtures fixtures,
      String preset,
      int leaves,
      double targetMs,
      List<Figure> figures,
      List<String> notes)
      throws Exception {
    LoadedFabric loaded = fixtures.loaded(preset);
    Product product = loaded.product();
    Api api = product.api();
    product.awaitQuiet(Duration.ofMinutes(5));
    double load = LoadedFabric.loadAverage();
    Latencies runs = new Latencies();
    Latencies requested = new Latencies();
    for (int i = 0; i < RUNS; i++) {
      JsonNode run = reconcile(api);
      if (run.get("drifted").asInt() != 0 || run.get("unreachable").asInt() != 0) {
        throw new IOException("the read-back found drift or unreachable switches: " + run);
      }
      int read = run.get("switches").size();
      if (read != leaves) {
        throw new IOException("expected " + leaves + " switches in the run, got " + read);
      }
      Instant requestedAt = Instant.parse(run.get("requestedAt").asString());
      Instant started = Instant.parse(run.get("startedAt").asString());
      Instant finished = Instant.parse(run.get("finishedAt").asString());
      runs.add(Duration.between(started, finished).toNanos());
      requested.add(Duration.between(requestedAt, finished).toNanos());
    }
    figures.add(
        Figure.atMost(leaves + " leaves, startedAt to finishedAt", runs.ms(0.5), "ms", targetMs));
    figures.add(
        Figure.context(leaves + " leaves, requestedAt to finishedAt", requested.ms(0.5), "ms"));
    notes.add(
        String.format(
            Locale.ROOT,
            "%d leaves: median of %d runs (%.0f / %.0f ms min / max), %d tenants on the fabric,"
                + " load average %.1f",
            leaves,
            RUNS,
            runs.ms(0),
            runs.ms(1),
            loaded.bringup().tenants(),
            load));
  }

  private static JsonNode reconcile(Api api) throws IOException, InterruptedException {
    Api.Response r = api.post("/api/v1/fabric/reconcile?policy=report&wait=PT60S", null);
    if (r.status() != 200 && r.status() != 202) {
      throw new IOException("POST /api/v1/fabric/reconcile -> " + r);
    }
    JsonNode run = r.json();
    while (!"DONE".equals(run.get("state").asString())) {
      if ("FAILED".equals(run.get("state").asString())) {
        throw new IOException("the reconcile run failed: " + run);
      }
      Thread.sleep(100);
      run = api.get("/api/v1/fabric/reconcile/" + run.get("id").asString()).json();
    }
    return run;
  }
}
