package io.tenantfabric.controller.reconcile;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.DeviceViewStore;
import io.tenantfabric.db.provisioning.ReconcileStore;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Records a reconcile run of the whole fabric or of one managed switch and wakes the provisioning
 * leader (a notification at commit); audited as {@code fabric.reconcile}. The run itself happens on
 * the leader, between its batches.
 */
@Component
class RequestReconcile {

  private final ReconcileStore runs;
  private final DeviceViewStore devices;
  private final FabricModels models;
  private final AuditTrail audit;
  private final Transactions tx;
  private final Clock clock;

  RequestReconcile(
      ReconcileStore runs,
      DeviceViewStore devices,
      FabricModels models,
      AuditTrail audit,
      Transactions tx,
      Clock clock) {
    this.runs = runs;
    this.devices = devices;
    this.models = models;
    this.audit = audit;
    this.tx = tx;
    this.clock = clock;
  }

  /**
   * The requested run: 404 when there is no fabric or no such switch, 409 when the switch is not
   * managed (it is never read).
   */
  ReconcileRunView request(Optional<SwitchName> device, String policy) {
    return tx.write(
        () -> {
          models.defined();
          device.ifPresent(this::requireManaged);
          UUID id = UUID.randomUUID();
          String scope = device.map(SwitchName::value).orElse("FABRIC");
          runs.request(id, scope, policy, "API", clock.instant());
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("run", id.toString());
          details.put("policy", policy);
          audit.record(
              new AuditRecord(
                  "fabric.reconcile",
                  device.isPresent() ? "switch" : "fabric",
                  device.map(SwitchName::value).orElse("fabric"),
                  null,
                  null,
                  AuditOutcome.SUCCESS,
                  details));
          return ReconcileRunViews.of(runs.find(id).orElseThrow());
        });
  }

  private void requireManaged(SwitchName name) {
    DeviceViewStore.Device d =
        devices
            .device(name.value())
            .orElseThrow(
                () ->
                    Refusal.notFound(
                        "Switch not found", "The fabric has no switch " + name.value() + "."));
    if (!d.managed()) {
      throw Refusal.conflict(
              "Switch not managed",
              name.value()
                  + " has no inventory entry, so the controller neither reads nor changes it;"
                  + " onboard it with PUT /api/v1/fabric and its devices.")
          .with("state", "UNMANAGED");
    }
  }
}
