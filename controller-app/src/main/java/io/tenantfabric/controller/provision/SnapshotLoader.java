package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.provisioning.BoundAllocationRow;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.db.provisioning.StoredConfig;
import io.tenantfabric.db.provisioning.TenantPoolRow;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.SnapshotCompiler;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;

/**
 * Reads the intent of every pending switch in one snapshot and compiles their targets (after the
 * read transaction, so that no connection is held while compiling). Only the allocations with a GPU
 * on a pending switch are read, with their tenants, unless the batch has more than a quarter of the
 * fabric's switches: reading and indexing every allocation of a large fabric costs the same
 * whatever the batch's size.
 */
@Component
class SnapshotLoader {

  private final ProvisioningStore store;
  private final FabricRepository fabrics;
  private final FabricModels models;
  private final Transactions tx;

  SnapshotLoader(
      ProvisioningStore store, FabricRepository fabrics, FabricModels models, Transactions tx) {
    this.store = store;
    this.fabrics = fabrics;
    this.models = models;
    this.tx = tx;
  }

  /** The intent rows of the pending switches that pass {@code eligible}; empty when none. */
  Optional<IntentRows> read(Predicate<String> eligible) {
    return tx.read(
        () -> {
          List<PendingSwitch> pending =
              store.pendingSwitches().stream().filter(s -> eligible.test(s.name())).toList();
          Optional<FabricEntity> row = fabrics.findFabric();
          if (pending.isEmpty() || row.isEmpty()) {
            return Optional.<IntentRows>empty();
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
              new IntentRows(pending, fabric, tenants, allocations, store.configs(names)));
        });
  }

  /** The targets of {@code rows}' switches, compiled from one snapshot. */
  static List<SwitchTarget> compile(IntentRows rows) {
    SnapshotCompiler compiler = FabricCompiler.over(snapshot(rows));
    // pure CPU per switch (compile the target, parse the stored belief), spread over the cores
    // since the devices wait idle until it is done
    return rows.pending().parallelStream().map(s -> target(s, compiler, rows)).toList();
  }

  private static SwitchTarget target(PendingSwitch s, SnapshotCompiler compiler, IntentRows rows) {
    StoredConfig stored = rows.configs().get(s.name());
    Optional<DeviceConfig> believed =
        stored != null && stored.valid()
            ? Optional.of(DeviceConfigJson.read(stored.configJson()))
            : Optional.empty();
    return new SwitchTarget(
        s, s.desiredGeneration(), compiler.compile(new SwitchName(s.name())), believed);
  }

  static FabricSnapshot snapshot(IntentRows rows) {
    return IntentSnapshots.of(rows.fabric(), rows.tenants(), rows.allocations());
  }
}
