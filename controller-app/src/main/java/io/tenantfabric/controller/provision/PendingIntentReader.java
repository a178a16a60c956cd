package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.provisioning.BoundAllocationRow;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.TenantPoolRow;
import io.tenantfabric.model.topology.Fabric;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;

/**
 * Reads the intent of every pending switch in one read-only snapshot, for {@link TargetCompiler} to
 * compile after the read transaction (no connection is held while compiling). Only the allocations
 * with a GPU on a pending switch are read, with their tenants, unless the batch has more than a
 * quarter of the fabric's switches: reading and indexing every allocation of a large fabric costs
 * the same whatever the batch's size.
 */
@Component
class PendingIntentReader {

  private final SnapshotReads store;
  private final FabricRepository fabrics;
  private final FabricModels models;
  private final Transactions tx;

  PendingIntentReader(
      SnapshotReads store, FabricRepository fabrics, FabricModels models, Transactions tx) {
    this.store = store;
    this.fabrics = fabrics;
    this.models = models;
    this.tx = tx;
  }

  /** The intent of the pending switches that pass {@code eligible}; empty when none. */
  Optional<PendingIntent> read(Predicate<String> eligible) {
    return tx.read(
        () -> {
          List<PendingSwitch> pending =
              store.pendingSwitches().stream().filter(s -> eligible.test(s.name())).toList();
          Optional<FabricEntity> row = fabrics.findFabric();
          if (pending.isEmpty() || row.isEmpty()) {
            return Optional.<PendingIntent>empty();
          }
          // a leaf's config depends only on the allocations bound on it and their tenants: read
          // those, not the whole fabric's (the schema keeps the fabric-wide rules: one live
          // allocation per GPU, unique VNIs and prefixes). A batch of a large part of the fabric
          // reads everything: one pass over every row costs less than probing for most of them,
          // and its plan does not hang on fresh statistics
          Fabric fabric = models.of(row.get());
          List<String> names = pending.stream().map(PendingSwitch::name).toList();
          List<BoundAllocationRow> allocations;
          List<TenantPoolRow> tenants;
          if (names.size() * 4 > fabric.switches().size()) {
            allocations = store.boundAllocations();
            tenants = store.tenantsWithPools();
          } else {
            allocations = store.boundAllocationsOn(names);
            Set<String> named = new TreeSet<>();
            allocations.forEach(a -> named.add(a.tenant()));
            tenants = store.tenantsWithPools(named);
          }
          return Optional.of(
              new PendingIntent(pending, fabric, tenants, allocations, store.configs(names)));
        });
  }
}
