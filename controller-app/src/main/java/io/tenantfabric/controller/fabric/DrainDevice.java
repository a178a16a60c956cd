package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.web.ResourceNotFoundException;
import io.tenantfabric.db.fabric.SwitchEntity;
import io.tenantfabric.db.fabric.SwitchRepository;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Drains a switch (placement skips a drained leaf; existing allocations stay) or returns it to
 * service. Idempotent: draining a drained switch changes nothing but is still audited.
 */
@Component
class DrainDevice {

  private final FabricModels models;
  private final SwitchRepository switches;
  private final AuditTrail audit;

  DrainDevice(FabricModels models, SwitchRepository switches, AuditTrail audit) {
    this.models = models;
    this.switches = switches;
    this.audit = audit;
  }

  @Transactional
  SwitchState setDrained(String name, boolean drained) {
    models.lockDefined(); // same mutex as placement: a placement sees the drain before or after
    SwitchEntity sw =
        switches
            .findById(name)
            .orElseThrow(
                () ->
                    new ResourceNotFoundException(
                        "Device not found", "The fabric has no switch named " + name + "."));
    boolean changed = sw.drained() != drained;
    sw.setDrained(drained);
    audit.record(
        new AuditRecord(
            drained ? "device.drain" : "device.undrain",
            "switch",
            name,
            null,
            "SUCCESS",
            Map.of("changed", changed)));
    return new SwitchState(sw.name(), sw.role(), sw.drained());
  }

  /** A switch's drain state after the call. */
  record SwitchState(String name, String role, boolean drained) {}
}
