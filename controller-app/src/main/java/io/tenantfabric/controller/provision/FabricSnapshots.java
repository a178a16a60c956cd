package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.BoundAllocationRow;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.TenantPoolRow;
import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.springframework.stereotype.Component;

/**
 * The compiler's input from stored intent: live tenants with their pools and the allocations whose
 * ports must be bound (PROVISIONING, ACTIVE). Read in the caller's transaction.
 */
@Component
public class FabricSnapshots {

  private final SnapshotReads store;

  FabricSnapshots(SnapshotReads store) {
    this.store = store;
  }

  /** The snapshot of the stored intent on {@code fabric}. */
  public FabricSnapshot current(Fabric fabric) {
    return of(fabric, store.tenantsWithPools(), store.boundAllocations());
  }

  static FabricSnapshot of(
      Fabric fabric, List<TenantPoolRow> tenantRows, List<BoundAllocationRow> allocationRows) {
    Map<String, TenantIntent> tenants = new LinkedHashMap<>();
    for (TenantPoolRow t : tenantRows) {
      tenants.put(
          t.name(), new TenantIntent(t.name(), new Vni(t.vni()), Ipv4Prefix.parse(t.prefix())));
    }
    List<AllocationIntent> allocations = new ArrayList<>();
    for (BoundAllocationRow a : allocationRows) {
      TreeSet<GpuId> gpus = new TreeSet<>();
      a.gpuIds().forEach(g -> gpus.add(new GpuId(g)));
      allocations.add(new AllocationIntent(a.id().toString(), a.tenant(), gpus));
    }
    return new FabricSnapshot(fabric, tenants, allocations, FabricProfile.from(fabric));
  }
}
