package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * {@code audit-320}: the 320 leaves of {@code h3c-s9825-10240} (spines not emulated, so UNMANAGED)
 * with one GPU leased to each of 10,240 tenants (the fabric {@code bringup-10240} measures; shared
 * when both run), then one isolation audit of the whole fabric: its total, read-back and verify
 * time as the controller measured them, and the controller's heap (it runs with {@code -Xmx512m}:
 * the audit must fit the target's budget).
 */
final class Audit320 implements Scenario {
  static final String PRESET = FabricPresets.H3C_S9825_10240;

  @Override
  public String name() {
    return "audit-320";
  }

  @Override
  public String description() {
    return "isolation audit of 320 leaves with 10,240 one-GPU tenants";
  }

  @Override
  public List<String> fixtures() {
    return List.of(Fixtures.loadedKey(PRESET));
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    LoadedFabric loaded = fixtures.loaded(PRESET);
    Product product = loaded.product();
    Api api = product.api();
    product.awaitQuiet(Duration.ofMinutes(10));

    double from = product.controllerUptime();
    JsonNode audit = audit(api);
    double to = product.controllerUptime();
    double peak = GcLog.peakMib(product.controllerGcLog(), from - 1, to + 1);
    double heap = product.controllerHeapAfterGcMib();

    JsonNode timings = audit.get("timings");
    List<Figure> figures = new ArrayList<>();
    figures.add(Figure.atMost("audit total", timings.get("totalMs").asLong(), "ms", 5000));
    figures.add(Figure.context("read-back of every leaf", timings.get("readMs").asLong(), "ms"));
    figures.add(Figure.context("verify", timings.get("verifyMs").asLong(), "ms"));
    figures.add(Figure.context("switches read", timings.get("switchesRead").asLong(), ""));
    figures.add(Figure.atMost("controller heap peak during the audit", peak, "MiB", 512));
    figures.add(Figure.context("controller heap after the audit, after a full GC", heap, "MiB"));
    List<String> notes = new ArrayList<>();
    notes.add("audit status " + audit.get("status").asString() + ", counts " + audit.get("counts"));
    notes.add(
        "controller -Xmx512m; peak = largest heap in use before a collection during the audit"
            + " (GC log), 0 when no collection ran");
    notes.add(
        String.format(
            Locale.ROOT,
            "fabric brought up by %d clients in %d s (see bringup-10240)",
            LoadedFabric.CLIENTS,
            loaded.bringup().elapsed().toSeconds()));
    return new ScenarioResult(name(), description(), figures, notes);
  }

  private static JsonNode audit(Api api) throws IOException, InterruptedException {
    Api.Response r = api.post("/api/v1/audits/isolation?wait=PT60S", Map.of());
    if (r.status() != 200 && r.status() != 202) {
      throw new IOException("POST /api/v1/audits/isolation -> " + r);
    }
    JsonNode audit = r.json();
    while (audit.get("finishedAt") == null || audit.get("finishedAt").isNull()) {
      Thread.sleep(200);
      audit = api.get("/api/v1/audits/isolation/" + audit.get("id").asString()).json();
    }
    if ("FAILED".equals(audit.get("status").asString())) {
      throw new IOException("the audit failed: " + audit.get("failure"));
    }
    return audit;
  }
}
