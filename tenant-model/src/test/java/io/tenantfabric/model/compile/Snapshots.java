package io.tenantfabric.model.compile;

import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Test data builders for compiler snapshots on the case-study fabric. */
final class Snapshots {
  /** The case study: 16 spines, 32 leaves, 1,024 GPUs; leaf-01 holds GPU 0 of servers 1..32. */
  static final Fabric CASE_STUDY = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024));

  private Snapshots() {}

  static TenantIntent tenant(String name, int vni, String prefix) {
    return new TenantIntent(name, new Vni(vni), Ipv4Prefix.parse(prefix));
  }

  static AllocationIntent allocation(String id, String tenant, String... gpus) {
    TreeSet<GpuId> ids = new TreeSet<>();
    Arrays.stream(gpus).map(GpuId::new).forEach(ids::add);
    return new AllocationIntent(id, tenant, ids);
  }

  static FabricSnapshot snapshot(
      Fabric fabric, List<TenantIntent> tenants, List<AllocationIntent> allocations) {
    return snapshot(fabric, tenants, allocations, FabricProfile.from(fabric));
  }

  static FabricSnapshot snapshot(
      Fabric fabric,
      List<TenantIntent> tenants,
      List<AllocationIntent> allocations,
      FabricProfile profile) {
    return new FabricSnapshot(fabric, byName(tenants), allocations, profile);
  }

  static Map<String, TenantIntent> byName(List<TenantIntent> tenants) {
    Map<String, TenantIntent> map = new LinkedHashMap<>();
    tenants.forEach(t -> map.put(t.name(), t));
    return map;
  }

  static SwitchName sw(String name) {
    return new SwitchName(name);
  }
}
