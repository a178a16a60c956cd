package io.tenantfabric.controller.fabric;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.fabric.GpuEntity;
import io.tenantfabric.db.fabric.GpuRepository;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Cordons a GPU (placement never picks it; a live allocation that holds it keeps it) or lifts the
 * cordon. Idempotent.
 */
@Component
class CordonGpu {

  private final FabricModels models;
  private final GpuRepository gpus;
  private final AuditTrail audit;
  private final IntentTransactions intents;

  CordonGpu(FabricModels models, GpuRepository gpus, AuditTrail audit, IntentTransactions intents) {
    this.models = models;
    this.gpus = gpus;
    this.audit = audit;
    this.intents = intents;
  }

  GpuState setCordoned(String gpuId, boolean cordoned) {
    return intents.run(() -> setCordonedLocked(gpuId, cordoned));
  }

  private GpuState setCordonedLocked(String gpuId, boolean cordoned) {
    models.lockDefined(); // same mutex as placement
    GpuEntity gpu =
        gpus.findById(gpuId)
            .orElseThrow(
                () -> Refusal.notFound("GPU not found", "The fabric has no GPU " + gpuId + "."));
    boolean changed = gpu.cordoned() != cordoned;
    gpu.setCordoned(cordoned);
    audit.record(
        new AuditRecord(
            cordoned ? "gpu.cordon" : "gpu.uncordon",
            "gpu",
            gpuId,
            null,
            null,
            AuditOutcome.SUCCESS,
            Map.of("changed", changed)));
    return new GpuState(gpu.id(), gpu.server(), gpu.leaf(), gpu.port(), gpu.cordoned());
  }

  /** A GPU's cordon state after the call. */
  @Schema(name = "GpuCordon")
  record GpuState(String id, String server, String leaf, String port, boolean cordoned) {}
}
