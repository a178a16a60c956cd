package io.tenantfabric.bench;

import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.placement.GpuPlacement;
import io.tenantfabric.model.placement.Occupancy;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.PrefixAllocator;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.pool.VniAllocator;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.transaction.DeviceTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The baseline a bring-up is held against: the same configs pushed one change at a time, one switch
 * after another, through the controller's own client. On a fresh emulator of the same preset
 * (leaves only), from the bench process: for each new one-GPU tenant, in the order the controller
 * places them (GpuPlacement, VNI and prefix pools lowest first), compile its leaf with {@link
 * FabricCompiler} from the intent so far plus that tenant, and apply it as one {@link
 * DeviceTransaction} (lock, save-point, edits planned against the config it verified last,
 * read-back verify, confirm, unlock), as a provisioner batch of one switch and one change would.
 * Placement and pools are worked out before the clock starts; each tenant's compile and transaction
 * are timed. The leaves' day-0 config (the lossless baseline, no tenant) is pushed first, untimed,
 * as the controller pushes it when the fabric is defined. With a per-RPC delay d > 0 the delay is
 * set on every leaf after day-0 and before the clock, as the bring-up at the same d sets it, and
 * the NETCONF floor of one change at d is timed on the same emulator afterwards: the round trips of
 * the first tenant's transaction, counted, run with trivial RPCs.
 */
final class SequentialPush {
  private SequentialPush() {}

  /** Rounds of the floor at d > 0 after its warm-up: a one-change chain at 50 ms is 0.8 s. */
  static final int FLOOR_ROUNDS = 20;

  /**
   * What pushing the first {@code pushed} tenants took, and the RPCs each transaction sent; at d >
   * 0 ({@code delayMs}) also the RPCs per round trip of the first tenant's transaction ({@code
   * chain}) and that chain's floor at d ({@code floor}); both null at d = 0, where netconf-floor
   * has the floor.
   */
  record Result(
      int pushed,
      Duration elapsed,
      Latencies perTenant,
      Map<String, Long> rpcs,
      Map<String, Double> rpcMillis,
      double compileMillis,
      long delayMs,
      List<Integer> chain,
      Latencies floor) {

    /** The time for {@code tenants} at the measured mean per tenant. */
    Duration extrapolated(int tenants) {
      return Duration.ofNanos((long) (elapsed.toNanos() * ((double) tenants / pushed)));
    }

    double rpcsPerTenant() {
      return rpcs.values().stream().mapToLong(Long::longValue).sum() / (double) pushed;
    }
  }

  static Result run(BenchEnvironment env, Path dir, String preset, int tenants, long delayMs)
      throws Exception {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    FabricProfile profile = FabricProfile.from(fabric);
    List<Lease> plan = plan(fabric, tenants);
    try (Emulator emulator = Emulator.start(env, dir, preset, true);
        Switches switches = new Switches(emulator.inventory())) {
      Map<String, TenantIntent> intents = new LinkedHashMap<>();
      List<AllocationIntent> allocations = new ArrayList<>();
      Map<SwitchName, DeviceConfig> believed = new HashMap<>();
      Set<SwitchName> leaves = new TreeSet<>();
      plan.forEach(l -> leaves.add(l.gpu().leaf()));
      FabricSnapshot day0 = new FabricSnapshot(fabric, intents, allocations, profile);
      for (SwitchName leaf : leaves) {
        believed.put(leaf, apply(switches, null, FabricCompiler.compile(day0, leaf), null, null));
      }
      List<String> leafNames = leaves.stream().map(SwitchName::value).toList();
      if (delayMs > 0) {
        Parallel.delay(emulator.control(), leafNames, delayMs);
      }

      Latencies perTenant = new Latencies();
      Map<String, Long> rpcs = new TreeMap<>();
      Map<String, Double> rpcMillis = new TreeMap<>();
      long compileNanos = 0;
      List<List<String>> firstTrips = new ArrayList<>();
      long start = System.nanoTime();
      for (Lease l : plan) {
        long t0 = System.nanoTime();
        intents.put(l.tenant(), new TenantIntent(l.tenant(), l.vni(), l.prefix()));
        allocations.add(
            new AllocationIntent(
                "alloc-" + l.tenant(), l.tenant(), new TreeSet<>(Set.of(l.gpu().id()))));
        SwitchName leaf = l.gpu().leaf();
        FabricSnapshot snapshot = new FabricSnapshot(fabric, intents, allocations, profile);
        DeviceConfig target = FabricCompiler.compile(snapshot, leaf);
        compileNanos += System.nanoTime() - t0;
        List<List<String>> trips = firstTrips.isEmpty() ? firstTrips : null;
        believed.put(leaf, apply(switches, believed.get(leaf), target, rpcs, rpcMillis, trips));
        perTenant.add(System.nanoTime() - t0);
      }
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      rpcMillis.replaceAll((k, v) -> Math.round(v * 10) / 10.0);
      List<Integer> chain = null;
      Latencies floor = null;
      if (delayMs > 0) {
        chain = firstTrips.stream().map(List::size).toList();
        floor =
            Floor.chainOnOneLeaf(
                switches, plan.get(0).gpu().leaf().value(), chain, 2, FLOOR_ROUNDS);
      }
      return new Result(
          plan.size(),
          elapsed,
          perTenant,
          rpcs,
          rpcMillis,
          compileNanos / 1e6,
          delayMs,
          chain,
          floor);
    }
  }

  /**
   * One transaction to {@code target}; the config it verified. Adds its RPCs and their time, by
   * operation, to {@code rpcs} and {@code millis} when given, and its round trips to {@code trips}.
   */
  static DeviceConfig apply(
      Switches switches,
      DeviceConfig believed,
      DeviceConfig target,
      Map<String, Long> rpcs,
      Map<String, Double> millis) {
    return apply(switches, believed, target, rpcs, millis, null);
  }

  private static DeviceConfig apply(
      Switches switches,
      DeviceConfig believed,
      DeviceConfig target,
      Map<String, Long> rpcs,
      Map<String, Double> millis,
      List<List<String>> trips) {
    NetconfSession pooled = switches.session(target.device().value());
    try {
      CountingSession counting = CountingSession.wrap(pooled);
      DeviceTransaction tx = new DeviceTransaction(counting.session(), Switches.TRANSACTIONS);
      tx.prepare(target, Optional.ofNullable(believed));
      DeviceConfig verified = tx.confirm().verified();
      if (rpcs != null) {
        counting.counts().forEach((k, v) -> rpcs.merge(k, v, Long::sum));
        counting.millis().forEach((k, v) -> millis.merge(k, v, Double::sum));
      }
      if (trips != null) {
        trips.addAll(counting.trips());
      }
      return verified;
    } finally {
      pooled.close();
    }
  }

  /** One tenant's lease, decided before the clock starts. */
  record Lease(String tenant, Gpu gpu, Vni vni, Ipv4Prefix prefix) {}

  /** The first {@code tenants} one-GPU tenants as the controller would place and address them. */
  static List<Lease> plan(Fabric fabric, int tenants) {
    Set<GpuId> busy = new HashSet<>();
    Set<Vni> vnis = new HashSet<>();
    Set<Ipv4Prefix> prefixes = new HashSet<>();
    Instant now = Instant.now();
    Duration quarantine = Duration.ofHours(24);
    List<Lease> plan = new ArrayList<>();
    for (int i = 0; i < tenants; i++) {
      GpuId id = GpuPlacement.place(fabric, new Occupancy(busy, Set.of(), Set.of()), 1).get(0);
      busy.add(id);
      Vni vni = VniAllocator.pick(fabric.vniRange(), vnis, Map.of(), now, quarantine);
      vnis.add(vni);
      Ipv4Prefix prefix =
          PrefixAllocator.pick(fabric.tenantSupernet(), 1, prefixes, Map.of(), now, quarantine);
      prefixes.add(prefix);
      plan.add(new Lease(String.format("s%05d", i), fabric.gpu(id).orElseThrow(), vni, prefix));
    }
    return plan;
  }
}
