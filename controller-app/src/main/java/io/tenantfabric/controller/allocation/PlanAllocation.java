package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.provision.FabricSnapshots;
import io.tenantfabric.controller.tenant.TenantPools;
import io.tenantfabric.controller.tenant.Tenants;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.placement.GpuPlacement;
import io.tenantfabric.model.placement.InsufficientCapacityException;
import io.tenantfabric.model.placement.QuotaExceededException;
import io.tenantfabric.model.placement.QuotaPolicy;
import io.tenantfabric.model.pool.PoolExhaustedException;
import io.tenantfabric.model.tenant.TenantName;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.EditStep;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.springframework.stereotype.Component;

/**
 * {@code ?dryRun=true}: places the GPUs and compiles the touched switches before and after, in a
 * read-only snapshot; stores nothing and takes no lock, so its answer is a preview that a
 * concurrent allocation may change. Refusals are the same problems as a real request's.
 */
@Component
class PlanAllocation {

  private final Transactions tx;
  private final Tenants tenants;
  private final FabricModels models;
  private final AllocationRepository allocations;
  private final OccupancyReader occupancies;
  private final TenantPools pools;
  private final FabricSnapshots snapshots;
  private final Clock clock;

  PlanAllocation(
      Transactions tx,
      Tenants tenants,
      FabricModels models,
      AllocationRepository allocations,
      OccupancyReader occupancies,
      TenantPools pools,
      FabricSnapshots snapshots,
      Clock clock) {
    this.tx = tx;
    this.tenants = tenants;
    this.models = models;
    this.allocations = allocations;
    this.occupancies = occupancies;
    this.pools = pools;
    this.snapshots = snapshots;
    this.clock = clock;
  }

  AllocationPlan plan(TenantName name, AllocateRequest request) {
    return tx.read(
        () -> {
          TenantEntity t = tenants.live(name);
          Fabric fabric = models.of(models.defined());
          long live = allocations.sumGpus(t.id(), AllocationStatus.LIVE);
          try {
            QuotaPolicy.check(name, t.gpuQuota(), (int) live, request.gpus());
          } catch (QuotaExceededException e) {
            throw AllocationRefusals.quota(name, t.id(), e).problem();
          }
          List<GpuId> picked;
          try {
            picked = GpuPlacement.place(fabric, occupancies.current(), request.gpus());
          } catch (InsufficientCapacityException e) {
            throw AllocationRefusals.capacity(name, t.id(), e).problem();
          }
          TenantPools.Pools p;
          try {
            p = pools.pick(t, fabric, clock.instant());
          } catch (PoolExhaustedException e) {
            throw AllocationRefusals.pool(name, t.id(), e).problem();
          }
          FabricSnapshot before = snapshots.current(fabric);
          Map<String, TenantIntent> tenantsAfter = new LinkedHashMap<>(before.tenants());
          tenantsAfter.put(name.value(), new TenantIntent(name.value(), p.vni(), p.prefix()));
          List<AllocationIntent> allocationsAfter = new ArrayList<>(before.allocations());
          allocationsAfter.add(
              new AllocationIntent("dry-run", name.value(), new TreeSet<>(picked)));
          FabricSnapshot after =
              new FabricSnapshot(fabric, tenantsAfter, allocationsAfter, before.profile());
          TreeSet<SwitchName> leaves = new TreeSet<>();
          List<AllocationView.GpuView> gpus = new ArrayList<>();
          for (GpuId id : picked) {
            Gpu g = fabric.gpu(id).orElseThrow();
            leaves.add(g.leaf());
            gpus.add(
                new AllocationView.GpuView(
                    id.value(), g.server().value(), g.leaf().value(), g.port().value()));
          }
          List<AllocationPlan.SwitchChanges> changes = new ArrayList<>();
          for (SwitchName leaf : leaves) {
            List<String> steps =
                EditPlanner.plan(
                        FabricCompiler.compile(before, leaf), FabricCompiler.compile(after, leaf))
                    .stream()
                    .map(EditStep::describe)
                    .toList();
            changes.add(new AllocationPlan.SwitchChanges(leaf.value(), steps));
          }
          return new AllocationPlan(
              true,
              name.value(),
              p.vni().value(),
              p.prefix().toString(),
              t.vni().isEmpty(),
              gpus,
              changes);
        });
  }
}
