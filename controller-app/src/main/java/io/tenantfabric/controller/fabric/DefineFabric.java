package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.fabric.TopologyStatistics;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * {@code PUT /api/v1/fabric}: defines the fabric on the first PUT, accepts the same spec again
 * (updating the inventory); a different spec is a 409 of its own type ({@link GrowthRequired}): a
 * live fabric grows only through a stored growth plan, applied step by step. An inventory entry
 * whose host key differs from the pinned one is a 409 too, unless the request names the switch in
 * {@code replaceHostKeys} ({@link PinnedHostKeys}). The request is checked whole before anything is
 * locked ({@link FabricRequestChecks}).
 */
@Component
class DefineFabric {

  private static final Logger log = LoggerFactory.getLogger(DefineFabric.class);

  private final Clock clock;
  private final IntentGenerations provisioning;
  private final FabricRepository fabrics;
  private final FabricModels models;
  private final FabricWriter writer;
  private final InventoryWriter inventory;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Transactions transactions;
  private final TopologyStatistics statistics;

  DefineFabric(
      FabricRepository fabrics,
      FabricModels models,
      FabricWriter writer,
      InventoryWriter inventory,
      AuditTrail audit,
      IntentTransactions intents,
      IntentGenerations provisioning,
      Transactions transactions,
      TopologyStatistics statistics,
      Clock clock) {
    this.clock = clock;
    this.transactions = transactions;
    this.statistics = statistics;
    this.provisioning = provisioning;
    this.fabrics = fabrics;
    this.writer = writer;
    this.models = models;
    this.inventory = inventory;
    this.audit = audit;
    this.intents = intents;
  }

  FabricDefinition define(DefineFabricRequest request) {
    FabricRequestChecks.Checked checked = FabricRequestChecks.check(request);
    FabricDefinition result =
        intents.runLong(() -> apply(request, checked.spec(), checked.target()));
    if (result.outcome() != FabricDefinition.Outcome.UNCHANGED) {
      refreshStatistics();
    }
    return result;
  }

  /**
   * Once a written topology committed: the planner's statistics of its tables (V11), so that the
   * first allocations and reads on it are planned by index, not as scans of every GPU and switch.
   * Best effort: the fabric is defined whatever happens here, and a failure (say, autovacuum
   * analyzing the same table past the lock timeout) only leaves the statistics to autovacuum.
   */
  private void refreshStatistics() {
    try {
      transactions.longWrite(
          () -> {
            statistics.refresh();
            return null;
          });
    } catch (RuntimeException e) {
      log.warn("fabric written; its planner statistics were not refreshed: {}", e.toString());
    }
  }

  private FabricDefinition apply(DefineFabricRequest request, FabricSpec spec, Fabric target) {
    // the provisioner pushes the baseline to every newly managed or changed switch (at commit)
    provisioning.notifyIntent();
    Instant now = clock.instant();
    // The fabric row lock serialises this with every placement (see AllocateGpus).
    Optional<FabricEntity> current = fabrics.lockFabric();
    if (current.isEmpty()) {
      return first(request, spec, target, now);
    }
    FabricEntity row = current.get();
    Fabric existing = models.of(row);
    if (existing.spec().equals(spec)) {
      return reapply(request, row, existing);
    }
    throw GrowthRequired.refusal(existing, target, request.preset() != null ? "preset" : "spec");
  }

  private FabricDefinition first(
      DefineFabricRequest request, FabricSpec spec, Fabric target, Instant now) {
    FabricEntity row = fabrics.save(new FabricEntity(target.name(), models.toJson(spec), now));
    writer.write(request, target, target.name());
    int devices = request.devices().size();
    FabricDefinition defined =
        FabricDefinition.of(FabricDefinition.Outcome.DEFINED, target, row.revision(), devices);
    audit.record(
        new AuditRecord(
            "fabric.define",
            "fabric",
            target.name(),
            null,
            null,
            AuditOutcome.SUCCESS,
            defined.auditDetails()));
    return defined;
  }

  /** The same spec again: only the inventory it carries changes (audited when it has one). */
  private FabricDefinition reapply(DefineFabricRequest request, FabricEntity row, Fabric existing) {
    List<PinnedHostKeys.Change> replaced = inventory.write(request, existing.name());
    int devices = request.devices().size();
    if (devices > 0) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("devicesUpdated", devices);
      InventoryWriter.putReplaced(details, replaced);
      audit.record(
          new AuditRecord(
              "fabric.inventory",
              "fabric",
              existing.name(),
              null,
              null,
              AuditOutcome.SUCCESS,
              details));
    }
    return FabricDefinition.of(
        FabricDefinition.Outcome.UNCHANGED, existing, row.revision(), devices);
  }
}
