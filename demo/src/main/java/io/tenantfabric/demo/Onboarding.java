package io.tenantfabric.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * Defines the fabric from the emulator's inventory ({@code PUT /api/v1/fabric}) and waits until
 * every switch is {@code IN_SYNC}; on a restart, when the fabric was already defined, first asks
 * for a repairing reconcile, since the emulator starts empty while the database remembers what the
 * switches held.
 */
final class Onboarding {
  static final Duration WITHIN = Duration.ofMinutes(5);

  private final FabricApi api;
  private final PrintStream out;

  Onboarding(FabricApi api, PrintStream out) {
    this.api = api;
    this.out = out;
  }

  /** Defines {@code preset} with the devices of {@code inventoryFile} and onboards them. */
  void run(String preset, Path inventoryFile, int switches)
      throws IOException, InterruptedException, DemoException {
    JsonNode inventory = FabricApi.JSON.readTree(inventoryFile.toFile());
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("preset", preset);
    body.put("devices", inventory.get("devices"));
    FabricApi.Response put = api.put("/api/v1/fabric", body);
    if (put.status() != 200 && put.status() != 201) {
      throw new DemoException("PUT /api/v1/fabric answered " + put);
    }
    String outcome = put.json().path("outcome").asString();
    out.println("fabric: PUT /api/v1/fabric -> " + put.status() + " " + outcome);
    if (!"DEFINED".equals(outcome)) {
      // the emulator starts empty on every run, while the database remembers what the switches
      // held: read every switch and push its intent again
      repairAll();
    }
    awaitInSync(switches);
  }

  private void repairAll() throws IOException, InterruptedException, DemoException {
    out.println("fabric: the emulated switches start empty; reconciling them with the intent ...");
    FabricApi.Response r = api.post("/api/v1/fabric/reconcile?policy=repair&wait=PT60S", null);
    if (r.status() != 200 && r.status() != 202) {
      throw new DemoException("POST /api/v1/fabric/reconcile answered " + r);
    }
    String id = r.json().path("id").asString();
    long end = System.nanoTime() + WITHIN.toNanos();
    String state = r.json().path("state").asString();
    while (!"DONE".equals(state)) {
      if ("FAILED".equals(state) || System.nanoTime() > end) {
        throw new DemoException("the reconcile run " + id + " ended " + r);
      }
      Thread.sleep(1000);
      r = api.get("/api/v1/fabric/reconcile/" + id);
      state = r.json().path("state").asString();
    }
  }

  private void awaitInSync(int switches) throws IOException, InterruptedException, DemoException {
    long start = System.nanoTime();
    long end = start + WITHIN.toNanos();
    long nextReport = start + Duration.ofSeconds(10).toNanos();
    out.println("fabric: onboarding " + switches + " switches ...");
    while (true) {
      FabricApi.Response r = api.get("/api/v1/fabric");
      if (r.status() != 200) {
        throw new DemoException("GET /api/v1/fabric answered " + r);
      }
      Map<String, Integer> states = new TreeMap<>();
      List<String> notInSync = new ArrayList<>();
      for (JsonNode s : r.json().path("switches")) {
        String state = s.path("state").asString();
        states.merge(state, 1, Integer::sum);
        if (!"IN_SYNC".equals(state)) {
          notInSync.add(
              s.path("name").asString() + " " + state + " " + s.path("lastError").asString(""));
        }
      }
      if (notInSync.isEmpty() && states.getOrDefault("IN_SYNC", 0) == switches) {
        out.printf(
            "fabric: %d switches IN_SYNC in %.1f s%n", switches, (System.nanoTime() - start) / 1e9);
        return;
      }
      if (System.nanoTime() > end) {
        throw new DemoException(
            "not every switch IN_SYNC within "
                + WITHIN.toMinutes()
                + " min: "
                + states
                + "; e.g. "
                + notInSync.subList(0, Math.min(5, notInSync.size())));
      }
      if (System.nanoTime() > nextReport) {
        out.println("fabric: " + states);
        nextReport += Duration.ofSeconds(10).toNanos();
      }
      Thread.sleep(500);
    }
  }
}
