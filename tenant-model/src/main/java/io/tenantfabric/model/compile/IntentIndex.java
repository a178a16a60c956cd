package io.tenantfabric.model.compile;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One compile call's view of a validated snapshot: every allocated GPU's port, indexed by leaf.
 * Built in one pass over the allocations, so that compiling a leaf never scans the fabric's GPUs; a
 * conflict is reported as it first shows in allocation-id order, so not by the caller's order.
 */
final class IntentIndex {
  private final Map<SwitchName, List<BoundPort>> byLeaf;

  private IntentIndex(Map<SwitchName, List<BoundPort>> byLeaf) {
    this.byLeaf = byLeaf;
  }

  /** Checks the tenant and allocation rules, throwing {@link IntentConflictException}. */
  static IntentIndex of(FabricSnapshot snapshot) {
    TenantChecks.check(snapshot);
    try {
      return index(snapshot, snapshot.allocations());
    } catch (IntentConflictException inCallerOrder) {
      // Report the conflict that comes first in id order, whatever order the caller used; sorting
      // only on this path keeps the common, conflict-free call at one pass.
      List<AllocationIntent> sorted = new ArrayList<>(snapshot.allocations());
      sorted.sort(
          Comparator.comparing(AllocationIntent::id)
              .thenComparing(AllocationIntent::tenant)
              .thenComparing(a -> a.gpus().toString()));
      index(snapshot, sorted);
      throw inCallerOrder; // not reached: whether a conflict exists does not depend on order
    }
  }

  private static IntentIndex index(FabricSnapshot snapshot, List<AllocationIntent> allocations) {
    Fabric fabric = snapshot.fabric();
    int gpus = 0;
    for (AllocationIntent a : allocations) {
      gpus += a.gpus().size();
    }
    Map<String, AllocationIntent> byId = new HashMap<>(capacity(allocations.size()));
    Map<GpuId, String> holder = new HashMap<>(capacity(gpus));
    Map<SwitchName, List<BoundPort>> byLeaf = new HashMap<>(capacity(fabric.leaves().size()));
    for (AllocationIntent a : allocations) {
      AllocationIntent previous = byId.putIfAbsent(a.id(), a);
      if (previous != null) {
        throw new IntentConflictException(
            "allocation-id-unique",
            "allocation " + a.id(),
            "allocation id "
                + a.id()
                + " is used twice (tenants "
                + previous.tenant()
                + " and "
                + a.tenant()
                + ")");
      }
      TenantIntent tenant = tenantOf(snapshot, a);
      for (GpuId id : a.gpus()) {
        Gpu gpu =
            fabric
                .gpu(id)
                .orElseThrow(
                    () ->
                        new IntentConflictException(
                            "gpu-unknown",
                            "gpu " + id,
                            "allocation "
                                + a.id()
                                + " holds GPU "
                                + id
                                + " which fabric "
                                + fabric.name()
                                + " does not have"));
        String other = holder.putIfAbsent(id, a.id());
        if (other != null) {
          throw new IntentConflictException(
              "gpu-allocated-twice",
              "gpu " + id,
              "GPU " + id + " is in both allocation " + other + " and allocation " + a.id());
        }
        byLeaf
            .computeIfAbsent(gpu.leaf(), k -> new ArrayList<>())
            .add(new BoundPort(gpu.port(), id, tenant));
      }
    }
    return new IntentIndex(byLeaf);
  }

  // a HashMap sized so that n entries never make it resize (load factor 0.75)
  private static int capacity(int n) {
    return n + n / 3 + 1;
  }

  private static TenantIntent tenantOf(FabricSnapshot snapshot, AllocationIntent a) {
    TenantIntent tenant = snapshot.tenants().get(a.tenant());
    if (tenant == null) {
      throw new IntentConflictException(
          "tenant-unknown",
          "allocation " + a.id(),
          "allocation " + a.id() + " belongs to tenant " + a.tenant() + ", which is not live");
    }
    if (!tenant.isAddressed()) {
      String missing =
          tenant.vni() == null && tenant.prefix() == null
              ? "neither a VNI nor a prefix"
              : tenant.vni() == null ? "no VNI" : "no prefix";
      throw new IntentConflictException(
          "tenant-unaddressed",
          "allocation " + a.id(),
          "allocation "
              + a.id()
              + " needs tenant "
              + a.tenant()
              + " addressed, but it has "
              + missing);
    }
    return tenant;
  }

  /** The bound ports of a leaf, in no particular order (empty for a spine or an idle leaf). */
  List<BoundPort> boundOn(SwitchName leaf) {
    return byLeaf.getOrDefault(leaf, List.of());
  }
}
