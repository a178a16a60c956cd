package io.tenantfabric.bench;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.southbound.session.NetconfSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;

/**
 * The NETCONF floor of a change (docs/benchmarks.md, netconf-floor): the chain of round trips one
 * switch's transaction needs, run with trivial RPCs on the controller's kind of session to the same
 * emulator. The chain = the round trips of a transaction with nothing to change ({@link
 * EmptyTransaction}, counted with what each carries) + the edit RPCs of a one-GPU allocation on its
 * leaf (the {@code edits} of the controller's own {@code device.apply} audit event: one edit-config
 * or CLI RPC per run of steps of one kind), which travel in the round trip of the read-back that
 * verifies them (DeviceTransaction sends them together). {@code delayMs} is the emulator's per-RPC
 * delay on the leaves while the timings were taken (0: none).
 */
record Floor(
    long delayMs,
    Latencies oneSession,
    Latencies parallel,
    int parallelSessions,
    EmptyTransaction.Cost fixed,
    int editRpcs,
    Latencies oneChain,
    Latencies parallelChain,
    long oneGpuNanos) {

  /** A trivial RPC: {@code get} of one interface by name (NetconfBench's). */
  static final String TRIVIAL =
      "<get><filter type=\"subtree\"><top xmlns=\"http://www.h3c.com/netconf/data:1.0\">"
          + "<Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/1</Name></Interface>"
          + "</Interfaces></Ifmgr></top></filter></get>";

  /** RPCs of one switch's transaction for a one-GPU change. */
  long rpcsPerChange() {
    return fixed.total() + editRpcs;
  }

  /** Round trips of the same: the empty transaction's, the edits riding with the read-back. */
  int roundTrips() {
    return chain(fixed, editRpcs).size();
  }

  /** The floor of a change to one leaf: its chain on one session, p50. */
  double oneLeafMs() {
    return oneChain.ms(0.5);
  }

  /** The floor of the same change on {@code parallelSessions} leaves at once (an 8-GPU server). */
  double parallelMs() {
    return parallelChain.ms(0.5);
  }

  /**
   * The RPCs of each round trip of a change: the empty transaction's round trips, {@code edits}
   * added to the one that carries the read-back ({@code send get-config}).
   */
  static List<Integer> chain(EmptyTransaction.Cost fixed, int edits) {
    List<Integer> chain = new ArrayList<>();
    boolean placed = false;
    for (List<String> trip : fixed.trips()) {
      boolean readBack = !placed && trip.contains("send get-config");
      chain.add(trip.size() + (readBack ? edits : 0));
      placed |= readBack;
    }
    if (!placed) {
      throw new IllegalStateException("no pipelined read-back in " + fixed.trips());
    }
    return chain;
  }

  /**
   * Runs a chain of trivial RPCs: per round trip, its RPCs sent at once, then all their replies.
   */
  static void runChain(NetconfSession s, List<Integer> chain) {
    List<CompletableFuture<?>> replies = new ArrayList<>();
    for (int rpcs : chain) {
      replies.clear();
      for (int i = 0; i < rpcs; i++) {
        replies.add(s.rpcAsync(TRIVIAL));
      }
      CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new)).join();
    }
  }

  /**
   * Measures it on {@code product} (preset {@code preset}, no tenant yet, no per-RPC delay):
   * trivial round trips on the leaves of the first server (the leaves an 8-GPU allocation touches),
   * the empty transaction on the last leaf, and one one-GPU allocation over HTTP, released
   * afterwards.
   */
  static Floor measure(Product product, String preset) throws Exception {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    List<String> leaves = serverLeaves(fabric);
    String idle = fabric.leaves().get(fabric.leaves().size() - 1).name().value();
    try (Switches switches = new Switches(product.emulator().inventory())) {
      Trivial trivial = Trivial.time(switches, leaves, Rounds.at(0));
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
      return withChains(switches, leaves, 0, trivial, fixed, edits, oneGpu);
    }
  }

  /**
   * The same chain (this floor's counted round trips) timed again with the emulator's per-RPC delay
   * {@code delayMs} on the leaves it runs on, set through the control API and cleared afterwards,
   * so that the shared fabric is left at d = 0 for the scenarios that measure it so.
   */
  Floor at(Product product, String preset, long delayMs) throws Exception {
    List<String> leaves = serverLeaves(Fabric.of(FabricPresets.named(preset)));
    EmulatorControl control = product.emulator().control();
    try (Switches switches = new Switches(product.emulator().inventory())) {
      Parallel.delay(control, leaves, delayMs);
      try {
        Trivial trivial = Trivial.time(switches, leaves, Rounds.at(delayMs));
        return withChains(switches, leaves, delayMs, trivial, fixed, editRpcs, oneGpuNanos);
      } finally {
        Parallel.delay(control, leaves, 0);
      }
    }
  }

  /**
   * Warm-ups and rounds of each timing. At d = 0 a round costs microseconds and many are needed for
   * a steady p99; at d > 0 every RPC sleeps d, so the rounds are few (a chain of 16 RPCs at 50 ms
   * takes 0.8 s) and the warm-up only opens the sessions, the client's JIT being warm from d = 0.
   */
  private record Rounds(
      int trivialWarmUp,
      int trivial,
      int parallelWarmUp,
      int parallel,
      int chainWarmUp,
      int chain,
      int parallelChainWarmUp,
      int parallelChain) {
    static Rounds at(long delayMs) {
      return delayMs == 0
          ? new Rounds(500, 2000, 100, 500, 100, 500, 50, 300)
          : new Rounds(5, 40, 2, 20, 2, 20, 2, 20);
    }
  }

  /** A trivial RPC's round trip on one session, and on the given leaves at once. */
  private record Trivial(Latencies one, Latencies parallel) {
    static Trivial time(Switches switches, List<String> leaves, Rounds n) throws Exception {
      Timed trivial = s -> s.rpc(TRIVIAL);
      return new Trivial(
          Floor.sequential(switches, leaves.get(0), n.trivialWarmUp(), n.trivial(), trivial),
          Floor.parallel(switches, leaves, n.parallelWarmUp(), n.parallel(), trivial));
    }
  }

  /** The floor: the counted chain timed on one leaf and on {@code leaves} at once. */
  private static Floor withChains(
      Switches switches,
      List<String> leaves,
      long delayMs,
      Trivial trivial,
      EmptyTransaction.Cost fixed,
      int edits,
      long oneGpu)
      throws Exception {
    Rounds n = Rounds.at(delayMs);
    List<Integer> chain = chain(fixed, edits);
    Timed change = s -> runChain(s, chain);
    return new Floor(
        delayMs,
        trivial.one(),
        trivial.parallel(),
        leaves.size(),
        fixed,
        edits,
        sequential(switches, leaves.get(0), n.chainWarmUp(), n.chain(), change),
        parallel(switches, leaves, n.parallelChainWarmUp(), n.parallelChain(), change),
        oneGpu);
  }

  /** The leaves of the first server: those an 8-GPU allocation on an empty fabric touches. */
  private static List<String> serverLeaves(Fabric fabric) {
    List<String> leaves = new ArrayList<>();
    for (int i = 0; i < fabric.gpusPerServer(); i++) {
      Gpu gpu = fabric.gpus().get(i);
      leaves.add(gpu.leaf().value());
    }
    return leaves;
  }

  /**
   * {@code chain} (RPCs per round trip) of trivial RPCs on one session of {@code leaf}, {@code
   * rounds} times after {@code warmUp}: the floor of a change whose round trips were counted
   * elsewhere.
   */
  static Latencies chainOnOneLeaf(
      Switches switches, String leaf, List<Integer> chain, int warmUp, int rounds) {
    return sequential(switches, leaf, warmUp, rounds, s -> runChain(s, chain));
  }

  /** One timed piece of work on a session. */
  private interface Timed {
    void run(NetconfSession s);
  }

  private static Latencies sequential(
      Switches switches, String leaf, int warmUp, int rounds, Timed work) {
    Latencies out = new Latencies();
    NetconfSession s = switches.session(leaf);
    try {
      for (int i = 0; i < warmUp; i++) {
        work.run(s); // JIT warm-up, client and emulator
      }
      for (int i = 0; i < rounds; i++) {
        long t = System.nanoTime();
        work.run(s);
        out.add(System.nanoTime() - t);
      }
      return out;
    } finally {
      s.close();
    }
  }

  private static Latencies parallel(
      Switches switches, List<String> leaves, int warmUp, int rounds, Timed work) throws Exception {
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
                    for (int i = 0; i < warmUp; i++) {
                      work.run(s);
                    }
                    go.await();
                    Latencies mine = new Latencies();
                    for (int i = 0; i < rounds; i++) {
                      long t = System.nanoTime();
                      work.run(s);
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
