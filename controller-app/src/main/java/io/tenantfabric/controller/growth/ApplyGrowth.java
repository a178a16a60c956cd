package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.fabric.FabricRewrite;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.operation.GrowthPlanView;
import io.tenantfabric.controller.operation.GrowthStepView;
import io.tenantfabric.controller.operation.OperationView;
import io.tenantfabric.controller.operation.OperationViews;
import io.tenantfabric.controller.operation.StoredGrowth;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.fabric.TopologyStatistics;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.GpuHolds;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.topology.Fabric;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/v1/fabric/operations/{id}/apply}: starts a PLANNED growth. In one transaction
 * under the fabric lock the target topology takes the stored one's place, with every switch the
 * growth adds held by it (no batch touches one before the growth onboards it) and every GPU it adds
 * held out of placement until the step that joins it; the leader then runs the steps. Refused: not
 * a growth, not PLANNED, or a fabric that changed since the plan (plan again).
 */
@Component
class ApplyGrowth {

  private static final Logger log = LoggerFactory.getLogger(ApplyGrowth.class);

  private final FabricRepository fabrics;
  private final FabricModels models;
  private final FabricRewrite rewrite;
  private final FabricOperationStore operations;
  private final GrowthOperations growths;
  private final GpuHolds gpus;
  private final IntentGenerations generations;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Transactions tx;
  private final TopologyStatistics statistics;
  private final Clock clock;
  private final JsonMapper json;

  ApplyGrowth(
      FabricRepository fabrics,
      FabricModels models,
      FabricRewrite rewrite,
      FabricOperationStore operations,
      GrowthOperations growths,
      GpuHolds gpus,
      IntentGenerations generations,
      AuditTrail audit,
      IntentTransactions intents,
      Transactions tx,
      TopologyStatistics statistics,
      Clock clock,
      JsonMapper json) {
    this.fabrics = fabrics;
    this.models = models;
    this.rewrite = rewrite;
    this.operations = operations;
    this.growths = growths;
    this.gpus = gpus;
    this.generations = generations;
    this.audit = audit;
    this.intents = intents;
    this.tx = tx;
    this.statistics = statistics;
    this.clock = clock;
    this.json = json;
  }

  OperationView apply(UUID id) {
    OperationView view = intents.runLong(() -> applyLocked(id));
    try {
      tx.longWrite(
          () -> {
            statistics.refresh();
            return null;
          });
    } catch (RuntimeException e) {
      log.warn("growth applied; the planner statistics were not refreshed: {}", e.toString());
    }
    return view;
  }

  private OperationView applyLocked(UUID id) {
    generations.notifyIntent();
    FabricEntity row =
        fabrics
            .lockFabric()
            .orElseThrow(() -> Refusal.conflict("Fabric not defined", "No fabric is defined."));
    FabricOperationRow op = growths.growth(id);
    if (!"PLANNED".equals(op.state())) {
      throw GrowthOperations.ended(op, "only a PLANNED growth is applied, once.");
    }
    StoredGrowth stored = growths.stored(op);
    Fabric existing = models.of(row);
    if (!existing.spec().equals(stored.from())) {
      throw Refusal.conflict(
              "Fabric changed",
              "Fabric "
                  + existing.name()
                  + " changed since growth "
                  + id
                  + " was planned from "
                  + stored.plan().from()
                  + ": cancel it and plan the growth again.")
          .field("id");
    }
    Fabric target = Fabric.of(stored.to());
    rewrite.write(row, stored.to(), target);
    GrowthPlanView plan = stored.plan();
    List<String> added =
        plan.switchesToAdd().stream().map(GrowthPlanView.SwitchToAdd::name).toList();
    operations.hold(id, added);
    List<String> newGpus =
        plan.steps().stream().flatMap((GrowthStepView s) -> s.gpus().stream()).toList();
    gpus.hold(id, newGpus);
    operations.start(id, GrowthSteps.name(1), clock.instant());
    audit.record(applied(id, plan));
    return OperationViews.of(operations.find(id).orElseThrow(), json);
  }

  private static AuditRecord applied(UUID id, GrowthPlanView plan) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("operation", id.toString());
    details.put("from", plan.from());
    details.put("switchesAdded", plan.switchesToAdd().size());
    details.put("gpusAdded", plan.gpusToAdd());
    details.put("cablesMoved", plan.cablesToMove());
    details.put("cablesAdded", plan.cablesToAdd());
    return new AuditRecord(
        "fabric.grow", "fabric", plan.to(), null, null, AuditOutcome.SUCCESS, details);
  }
}
