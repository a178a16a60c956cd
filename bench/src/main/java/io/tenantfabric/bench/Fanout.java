package io.tenantfabric.bench;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.Switch;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * {@code fanout}: one change pushed to 1, 32 and 320 leaves, with {@value #DELAY_MS} ms added to
 * every RPC. "One change" is one allocation whose GPUs sit one per leaf on exactly N leaves: the
 * same small change on each leaf (the new tenant's VSI and VXLAN, its ACL and rules, the packet
 * filter, service instance and AC of one port, the port up), so the time measures the provisioner
 * pushing one batch to N switches at once. Set up on the 10,240-GPU fabric with every GPU leased
 * ({@code bringup-10240}'s): the tenants holding one GPU on each chosen leaf (on distinct servers)
 * are released first, untimed and without delay, so that those N GPUs are the only free ones and
 * placement must take exactly them (checked with a dry run). Leaves the fabric changed: the fixture
 * is stopped afterwards.
 */
final class Fanout implements Scenario {
  static final String PRESET = FabricPresets.H3C_S9825_10240;
  static final long DELAY_MS = 100;
  static final int[] LEAVES = {1, 32, 320};

  @Override
  public String name() {
    return "fanout";
  }

  @Override
  public String description() {
    return "one change to 1, 32 and 320 leaves, h3c-s9825-10240 leaves only, d = "
        + DELAY_MS
        + " ms";
  }

  @Override
  public List<String> fixtures() {
    return List.of(Fixtures.loadedKey(PRESET));
  }

  /** One measured push. */
  private record Push(
      int leaves,
      double ms,
      int transactions,
      int batches,
      double stepsPerLeaf,
      double editsPerLeaf,
      String failure) {}

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    LoadedFabric loaded = fixtures.loaded(PRESET);
    try {
      Product product = loaded.product();
      List<String> leafNames = Inventory.names(product.emulator().inventory());
      Map<String, Bringup.Lease> byGpu = loaded.leasesByGpu();
      double load = LoadedFabric.loadAverage();
      List<Push> pushes = new ArrayList<>();
      int slotBase = 0;
      for (int n : LEAVES) {
        pushes.add(push(product, loaded.fabric(), byGpu, leafNames, n, slotBase));
        slotBase += loaded.fabric().gpusPerServer();
      }
      double loadAfter = LoadedFabric.loadAverage();
      double one = pushes.get(0).ms();
      List<Figure> figures = new ArrayList<>();
      double[] bounds = {0, 1.5, 2};
      for (int i = 0; i < pushes.size(); i++) {
        Push p = pushes.get(i);
        String failed = p.failure() == null ? "" : " (FAILED)";
        String leaves = p.leaves() == 1 ? "1 leaf" : p.leaves() + " leaves";
        figures.add(Figure.context("one change, " + leaves + failed, p.ms(), "ms"));
        if (i > 0) {
          Figure ratio = Figure.atMost(leaves + " / 1 leaf" + failed, p.ms() / one, "x", bounds[i]);
          // an allocation that failed pushed nothing in that time: never a met target
          figures.add(
              p.failure() == null
                  ? ratio
                  : new Figure(ratio.name(), ratio.value(), "x", ratio.target(), false));
        }
      }
      List<String> notes = new ArrayList<>();
      for (Push p : pushes) {
        if (p.failure() != null) {
          notes.add(p.leaves() + " leaves: the allocation ended FAILED: " + p.failure());
        }
        notes.add(
            String.format(
                Locale.ROOT,
                "%d leaf(s): %d switch transaction(s) in %d batch(es), %.1f edit steps in %.1f"
                    + " edit RPCs per leaf",
                p.leaves(),
                p.transactions(),
                p.batches(),
                p.stepsPerLeaf(),
                p.editsPerLeaf()));
      }
      notes.add(
          String.format(
              Locale.ROOT,
              "time = POST allocation ?wait=PT60S to ACTIVE; delay = DELAY fault on every leaf;"
                  + " load average %.1f before, %.1f after",
              load,
              loadAfter));
      return new ScenarioResult(name(), description(), figures, notes);
    } finally {
      fixtures.discard(Fixtures.loadedKey(PRESET)); // tenants released and added: not reusable
    }
  }

  private static Push push(
      Product product,
      Fabric fabric,
      Map<String, Bringup.Lease> byGpu,
      List<String> allLeaves,
      int n,
      int slotBase)
      throws Exception {
    Api api = product.api();
    List<Switch> leaves = fabric.leaves().subList(0, n);
    // leaf k of a rail group gives the GPU of server slotBase + k: distinct servers, so no whole
    // server is freed and placement cannot prefer one
    Set<String> freed = new TreeSet<>();
    List<Bringup.Lease> releases = new ArrayList<>();
    for (Switch leaf : leaves) {
      List<Gpu> gpus = new ArrayList<>(fabric.gpusOn(leaf.name()));
      gpus.sort(Comparator.comparing(g -> g.server().value()));
      int rail = fabric.leaves().indexOf(leaf) % fabric.gpusPerServer();
      Gpu gpu = gpus.get(slotBase + rail);
      freed.add(gpu.id().value());
      Bringup.Lease lease = byGpu.get(gpu.id().value());
      if (lease == null) {
        throw new IOException("no tenant holds " + gpu.id().value());
      }
      releases.add(lease);
    }
    Parallel.each(releases, 8, l -> Leases.release(api, l.tenant(), l.id()));
    product.awaitQuiet(Duration.ofMinutes(5));

    String tenant = "fan" + n;
    Leases.createTenant(api, tenant, n);
    Api.Response dry =
        api.post("/api/v1/tenants/" + tenant + "/allocations?dryRun=true", Map.of("gpus", n));
    Set<String> placed = new TreeSet<>();
    if (dry.status() == 200) {
      dry.json().get("gpus").forEach(g -> placed.add(g.get("id").asString()));
    }
    if (!placed.equals(freed)) {
      throw new IOException("placement would not take exactly the freed GPUs: " + dry);
    }

    EmulatorControl control = product.emulator().control();
    long head = AuditEvents.head(api);
    Parallel.delay(control, allLeaves, DELAY_MS);
    double ms;
    JsonNode allocation;
    try {
      long t0 = System.nanoTime();
      allocation = Leases.finish(api, tenant, n);
      ms = (System.nanoTime() - t0) / 1e6;
    } finally {
      Parallel.delay(control, allLeaves, 0);
    }
    product.awaitQuiet(Duration.ofMinutes(5));
    List<JsonNode> events = AuditEvents.applied(api, head);
    Set<Long> batches = new HashSet<>();
    long steps = 0;
    long edits = 0;
    for (JsonNode e : events) {
      batches.add(e.get("details").get("batch").asLong());
      steps += e.get("details").get("steps").asLong();
      edits += e.get("details").get("edits").asLong();
    }
    String failure =
        "ACTIVE".equals(allocation.get("status").asString())
            ? null
            : String.valueOf(allocation.get("failureReason"));
    int transactions = Math.max(1, events.size());
    return new Push(
        n,
        ms,
        events.size(),
        batches.size(),
        steps / (double) transactions,
        edits / (double) transactions,
        failure);
  }
}
