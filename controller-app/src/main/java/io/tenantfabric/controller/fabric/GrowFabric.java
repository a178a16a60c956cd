package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.GpuId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * A {@code PUT /api/v1/fabric} whose spec differs from the stored fabric's: grows the fabric in
 * place when {@link GrowthGuard} finds the new spec a valid growth of it with no busy GPU moved,
 * else refuses with a 409 that lists the reasons (audited as a rejected {@code fabric.grow}). Runs
 * inside {@link DefineFabric}'s transaction, under the fabric row's lock.
 */
@Component
class GrowFabric {

  private final FabricRepository fabrics;
  private final AllocationRepository allocations;
  private final FabricModels models;
  private final FabricWriter writer;
  private final AuditTrail audit;

  GrowFabric(
      FabricRepository fabrics,
      AllocationRepository allocations,
      FabricModels models,
      FabricWriter writer,
      AuditTrail audit) {
    this.fabrics = fabrics;
    this.allocations = allocations;
    this.models = models;
    this.writer = writer;
    this.audit = audit;
  }

  FabricDefinition grow(
      DefineFabricRequest request,
      FabricEntity row,
      Fabric existing,
      FabricSpec spec,
      Fabric target,
      Instant now) {
    Set<GpuId> busy =
        allocations.findBusyGpuIds().stream().map(GpuId::new).collect(Collectors.toSet());
    GrowthGuard.Verdict verdict = GrowthGuard.check(existing, target, busy);
    if (verdict.refused()) {
      throw refusal(existing, target, verdict.reasons());
    }
    FabricDefinition.GrowthSummary summary = GrowthGuard.summary(verdict.plan(), existing, target);
    row.grow(target.name(), models.toJson(spec), now);
    fabrics.flush();
    List<PinnedHostKeys.Change> replaced = writer.write(request, target, existing.name());
    int devices = request.devices().size();
    FabricDefinition grown =
        FabricDefinition.of(
            FabricDefinition.Outcome.GROWN, target, row.revision(), devices, summary);
    Map<String, Object> details = grown.auditDetails();
    InventoryWriter.putReplaced(details, replaced);
    details.put("from", existing.name());
    details.put("switchesAdded", summary.switchesAdded().size());
    details.put("cablesMoved", summary.cablesMoved());
    details.put("cablesAdded", summary.cablesAdded());
    audit.record(
        new AuditRecord(
            "fabric.grow", "fabric", target.name(), null, null, AuditOutcome.SUCCESS, details));
    return grown;
  }

  private static Rejection refusal(Fabric existing, Fabric target, List<String> reasons) {
    String detail =
        "The spec differs from fabric "
            + existing.name()
            + " and is not a valid growth of it: "
            + String.join("; ", reasons.subList(0, Math.min(reasons.size(), 10)))
            + (reasons.size() > 10 ? "; and " + (reasons.size() - 10) + " more" : "");
    return new Rejection(
        new AuditRecord(
            "fabric.grow",
            "fabric",
            existing.name(),
            null,
            null,
            AuditOutcome.REJECTED,
            Map.of("to", target.name(), "reasons", reasons.size())),
        Refusal.conflict("Fabric conflict", detail)
            .with("reasons", reasons.subList(0, Math.min(reasons.size(), 50))));
  }
}
