package io.tenantfabric.bench;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.southbound.session.NetconfSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;

/**
 * The NETCONF floor of a change (docs/benchmarks.md, netconf-floor): the sequential round trips one
 * switch's transaction needs, times a trivial RPC's round trip on the controller's kind of session
 * to the same emulator. Round trips per change = the fixed RPCs of a transaction ({@link
 * EmptyTransaction}, counted) + the edit RPCs of a one-GPU allocation on its leaf (the {@code
 * edits} of the controller's own {@code device.apply} audit event: one edit-config or CLI RPC per
 * run of steps of one kind).
 */
record Floor(
    Latencies oneSession,
    Latencies parallel,
    int parallelSessions,
    EmptyTransaction.Cost fixed,
    int editRpcs,
    long oneGpuNanos) {

  /** A trivial RPC: {@code get} of one interface by name (NetconfBench's). */
  static final String TRIVIAL =
      "<get><filter type=\"subtree\"><top xmlns=\"http://www.h3c.com/netconf/data:1.0\">"
          + "<Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/1</Name></Interface>"
          + "</Interfaces></Ifmgr></top></filter></get>";

  /** Sequential RPCs of one switch's transaction for a one-GPU change. */
  long rpcsPerChange() {
    return fixed.total() + editRpcs;
  }

  /** The floor of a change to one leaf: its round trips on one session, p50 each. */
  double oneLeafMs() {
    return rpcsPerChange() * oneSession.ms(0.5);
  }

  /** The floor of the same change on {@code parallelSessions} leaves at once (an 8-GPU server). */
  double parallelMs() {
    return rpcsPerChange() * parallel.ms(0.5);
  }

  /**
   * Measures it on {@code product} (preset {@code preset}, no tenant yet, no per-RPC delay):
   * trivial round trips on the leaves of the first server (the leaves an 8-GPU allocation touches),
   * the empty transaction on the last leaf, and one one-GPU allocation over HTTP, released
   * afterwards.
   */
  static Floor measure(Product product, String preset) throws Exception {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    List<String> leaves = new ArrayList<>();
    for (int i = 0; i < fabric.gpusPerServer(); i++) {
      Gpu gpu = fabric.gpus().get(i);
      leaves.add(gpu.leaf().value());
    }
    String idle = fabric.leaves().get(fabric.leaves().size() - 1).name().value();
    try (Switches switches = new Switches(product.emulator().inventory())) {
      Latencies one = new Latencies();
      NetconfSession s = switches.session(leaves.get(0));
      try {
        for (int i = 0; i < 500; i++) {
          s.rpc(TRIVIAL); // JIT warm-up, client and emulator
        }
        for (int i = 0; i < 2000; i++) {
          long t = System.nanoTime();
          s.rpc(TRIVIAL);
          one.add(System.nanoTime() - t);
        }
      } finally {
        s.close();
      }
      Latencies parallel = parallel(switches, leaves, 500);
      EmptyTransaction.Cost fixed = EmptyTransaction.run(switches, fabric, idle);
      for (int i = 0; i < 3; i++) { // the first one paid for class loading
        fixed = EmptyTransaction.run(switches, fabric, idle);
      }

      Api api = product.api();
      Leases.createTenant(api, "floor", 1);
      long head = AuditEvents.head(api);
      long t0 = System.nanoTime();
      JsonNode a = Leases.allocate(api, "floor", 1);
      long oneGpu = System.nanoTime() - t0;
      String leaf = a.get("gpus").get(0).get("leaf").asString();
      int edits = -1;
      for (JsonNode e : AuditEvents.applied(api, head)) {
        if (leaf.equals(e.get("target").asString())) {
          edits = e.get("details").get("edits").asInt();
        }
      }
      if (edits < 0) {
        throw new IllegalStateException("no device.apply event for " + leaf);
      }
      Leases.release(api, "floor", a.get("id").asString());
      return new Floor(one, parallel, leaves.size(), fixed, edits, oneGpu);
    }
  }

  private static Latencies parallel(Switches switches, List<String> leaves, int rpcs)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(leaves.size());
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<Latencies>> parts = new ArrayList<>();
      for (String leaf : leaves) {
        parts.add(
            pool.submit(
                () -> {
                  NetconfSession s = switches.session(leaf);
                  try {
                    for (int i = 0; i < 100; i++) {
                      s.rpc(TRIVIAL);
                    }
                    go.await();
                    Latencies mine = new Latencies();
                    for (int i = 0; i < rpcs; i++) {
                      long t = System.nanoTime();
                      s.rpc(TRIVIAL);
                      mine.add(System.nanoTime() - t);
                    }
                    return mine;
                  } finally {
                    s.close();
                  }
                }));
      }
      go.countDown();
      Latencies all = new Latencies();
      for (Future<Latencies> f : parts) {
        all.addAll(f.get());
      }
      return all;
    } finally {
      pool.shutdownNow();
    }
  }
}
