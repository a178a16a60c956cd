package io.tenantfabric.bench;

import io.tenantfabric.model.topology.FabricPresets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code write-path}: the allocation write path alone. The {@code h3c-s9825-10240} fabric defined
 * without an inventory (every switch UNMANAGED: no device work, no emulator), then, after a warm-up
 * slice of {@value #WARMUP} (unmeasured: the JIT), {@value #SLICES} slices of {@value #SLICE}
 * one-GPU tenants by {@value #CLIENTS} HTTP clients: each slice first creates its tenants (timed:
 * the tenant-create rate), then allocates one GPU to each (timed: the allocation rate), so the last
 * slice ends with 10,000 GPUs busy. Targets: allocation at least 0.8 x the tenant-create rate of
 * the same slice, and flat: the last slice's allocation rate at least 0.8 x the first's. Then each
 * of the 10,000 allocations is read once ({@code GET .../allocations/{id}}, what a portal polls),
 * by the same clients: the read rate, for context.
 */
final class WritePath implements Scenario {
  static final int CLIENTS = 8;
  static final int WARMUP = 500;
  static final int SLICE = 1_900;
  static final int SLICES = 5;

  @Override
  public String name() {
    return "write-path";
  }

  @Override
  public String description() {
    return "tenant-create and one-GPU allocation rates over HTTP, 8 clients, h3c-s9825-10240"
        + " without devices, 0 to 10,000 busy GPUs";
  }

  @Override
  public ScenarioResult run(BenchEnvironment env, Fixtures fixtures) throws Exception {
    List<Figure> figures = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    try (Product product =
        Product.start(
            env,
            name(),
            Product.Options.standard(FabricPresets.H3C_S9825_10240, true).withoutDevices())) {
      Api api = product.api();
      String[] ids = new String[WARMUP + SLICES * SLICE];
      double firstAllocate = 0;
      double worstRatio = Double.MAX_VALUE;
      double lastAllocate = 0;
      rate(i -> Leases.createTenant(api, tenant(i), 1), 0, WARMUP);
      rate(i -> ids[i] = allocate(api, i), 0, WARMUP);
      for (int s = 0; s < SLICES; s++) {
        int from = WARMUP + s * SLICE;
        double create = rate(i -> Leases.createTenant(api, tenant(i), 1), from, SLICE);
        double allocate = rate(i -> ids[i] = allocate(api, i), from, SLICE);
        if (s == 0) {
          firstAllocate = allocate;
        }
        lastAllocate = allocate;
        worstRatio = Math.min(worstRatio, allocate / create);
        notes.add(
            String.format(
                Locale.ROOT,
                "slice %d (%d to %d busy GPUs): create %.0f/s, allocate %.0f/s, ratio %.2f",
                s + 1,
                from,
                from + SLICE,
                create,
                allocate,
                allocate / create));
        if (s == 0 || s == SLICES - 1) {
          String which = s == 0 ? "first slice" : "last slice";
          figures.add(Figure.context("tenant create, " + which, create, "/s"));
          figures.add(Figure.context("one-GPU allocation, " + which, allocate, "/s"));
        }
      }
      figures.add(Figure.atLeast("allocation / tenant create, worst slice", worstRatio, "x", 0.8));
      figures.add(
          Figure.atLeast(
              "allocation rate, last slice / first slice", lastAllocate / firstAllocate, "x", 0.8));
      figures.add(
          Figure.context(
              "allocation read (GET one), 10,000 allocations",
              rate(i -> read(api, i, ids[i]), 0, ids.length),
              "/s"));
    }
    notes.add(
        "8 HTTP clients on the same 2 cores as the controller and PostgreSQL; no device, no"
            + " emulator; the controller as every scenario runs it (-Xmx512m)");
    return new ScenarioResult(name(), description(), figures, notes);
  }

  private static String allocate(Api api, int i) throws Exception {
    Api.Response r = api.post("/api/v1/tenants/" + tenant(i) + "/allocations", Map.of("gpus", 1));
    if (r.status() != 202) {
      throw new IOException("allocate for " + tenant(i) + " -> " + r);
    }
    return r.json().get("id").asString();
  }

  private static void read(Api api, int i, String id) throws Exception {
    Api.Response r = api.get("/api/v1/tenants/" + tenant(i) + "/allocations/" + id);
    if (r.status() != 200 || !r.json().get("id").asString().equals(id)) {
      throw new IOException("read of " + tenant(i) + "'s allocation -> " + r);
    }
  }

  private static String tenant(int i) {
    return String.format(Locale.ROOT, "wp-%05d", i);
  }

  private interface Request {
    void send(int i) throws Exception;
  }

  /** {@code count} requests from {@code from} on, by {@value #CLIENTS} clients; per second. */
  private static double rate(Request request, int from, int count) throws Exception {
    AtomicInteger next = new AtomicInteger(from);
    int end = from + count;
    ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
    long t0 = System.nanoTime();
    try {
      List<Future<Void>> workers = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        workers.add(
            pool.submit(
                () -> {
                  for (int i = next.getAndIncrement(); i < end; i = next.getAndIncrement()) {
                    request.send(i);
                  }
                  return null;
                }));
      }
      for (Future<Void> w : workers) {
        w.get();
      }
    } finally {
      pool.shutdownNow();
    }
    return count / ((System.nanoTime() - t0) / 1e9);
  }
}
