package io.tenantfabric.model.compile;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Consistent random snapshots for property tests: distinct VNIs and /24 prefixes inside 10/8, a
 * tenth of the tenants not yet addressed (and so without allocations), a share of the GPUs split
 * into allocations of 1..16, and 0..n shared prefixes in 192.168/16. Public for the verifier's
 * property tests, which audit what these snapshots compile to.
 */
public final class RandomSnapshots {

  private RandomSnapshots() {}

  public static FabricSnapshot of(
      Fabric fabric, long seed, int tenantCount, int busyPercent, int shared) {
    Random random = new Random(seed);
    List<Integer> blocks = distinct(random, tenantCount, 1 << 16);
    List<Integer> vnis = distinct(random, tenantCount, 90_000);
    List<TenantIntent> tenants = new ArrayList<>();
    List<String> addressed = new ArrayList<>();
    for (int i = 0; i < tenantCount; i++) {
      String name = String.format("tenant-%03d", i);
      Vni vni = new Vni(10_000 + vnis.get(i));
      Ipv4Prefix prefix = new Ipv4Prefix((10 << 24) | (blocks.get(i) << 8), 24);
      int missing = random.nextInt(30); // 0: no VNI, 1: no prefix, 2: neither, else both
      tenants.add(
          new TenantIntent(
              name,
              missing == 0 || missing == 2 ? null : vni,
              missing == 1 || missing == 2 ? null : prefix));
      if (missing > 2) {
        addressed.add(name);
      }
    }
    List<AllocationIntent> allocations = new ArrayList<>();
    if (!addressed.isEmpty()) {
      List<Gpu> gpus = new ArrayList<>(fabric.gpus());
      Collections.shuffle(gpus, random);
      int busy = gpus.size() * busyPercent / 100;
      for (int next = 0; next < busy; ) {
        int size = Math.min(1 + random.nextInt(16), busy - next);
        TreeSet<GpuId> ids = new TreeSet<>();
        gpus.subList(next, next + size).forEach(g -> ids.add(g.id()));
        String tenant = addressed.get(random.nextInt(addressed.size()));
        allocations.add(new AllocationIntent("a-" + allocations.size(), tenant, ids));
        next += size;
      }
    }
    List<Ipv4Prefix> sharedPrefixes = new ArrayList<>();
    for (int i = 0; i < shared; i++) {
      sharedPrefixes.add(new Ipv4Prefix(0xC0A80000 | (i << 8), 24));
    }
    FabricProfile profile =
        new FabricProfile(random.nextInt(8), fabric.tenantSupernet(), sharedPrefixes);
    return Snapshots.snapshot(fabric, tenants, allocations, profile);
  }

  /** The same intent with tenants and allocations in another order. */
  static FabricSnapshot shuffled(FabricSnapshot s, long seed) {
    Random random = new Random(seed);
    List<TenantIntent> tenants = new ArrayList<>(s.tenants().values());
    Collections.shuffle(tenants, random);
    Map<String, TenantIntent> byName = new LinkedHashMap<>();
    tenants.forEach(t -> byName.put(t.name(), t));
    List<AllocationIntent> allocations = new ArrayList<>(s.allocations());
    Collections.shuffle(allocations, random);
    return new FabricSnapshot(s.fabric(), byName, allocations, s.profile());
  }

  private static List<Integer> distinct(Random random, int count, int bound) {
    List<Integer> picked = new ArrayList<>();
    Set<Integer> seen = new HashSet<>();
    while (picked.size() < count) {
      int v = random.nextInt(bound);
      if (seen.add(v)) {
        picked.add(v);
      }
    }
    return picked;
  }
}
