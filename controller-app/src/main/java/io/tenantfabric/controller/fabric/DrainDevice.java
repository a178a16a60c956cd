package io.tenantfabric.controller.fabric;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.fabric.SwitchEntity;
import io.tenantfabric.db.fabric.SwitchRepository;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Drains a switch (placement skips a drained leaf; existing allocations stay) or returns it to
 * service. Idempotent: draining a drained switch changes nothing but is still audited.
 */
@Component
class DrainDevice {

  private final FabricModels models;
  private final SwitchRepository switches;
  private final AuditTrail audit;
  private final IntentTransactions intents;

  DrainDevice(
      FabricModels models,
      SwitchRepository switches,
      AuditTrail audit,
      IntentTransactions intents) {
    this.models = models;
    this.switches = switches;
    this.audit = audit;
    this.intents = intents;
  }

  SwitchState setDrained(String name, boolean drained) {
    return intents.run(() -> setDrainedLocked(name, drained));
  }

  private SwitchState setDrainedLocked(String name, boolean drained) {
    models.lockDefined(); // same mutex as placement: a placement sees the drain before or after
    SwitchEntity sw =
        switches
            .findById(name)
            .orElseThrow(
                () ->
                    Refusal.notFound(
                        "Device not found", "The fabric has no switch named " + name + "."));
    boolean changed = sw.drained() != drained;
    sw.setDrained(drained);
    audit.record(
        new AuditRecord(
            drained ? "device.drain" : "device.undrain",
            "switch",
            name,
            null,
            null,
            AuditOutcome.SUCCESS,
            Map.of("changed", changed)));
    return new SwitchState(sw.name(), sw.role(), sw.drained());
  }

  /** A switch's drain state after the call. */
  @Schema(name = "SwitchDrain")
  record SwitchState(String name, String role, boolean drained) {}
}
