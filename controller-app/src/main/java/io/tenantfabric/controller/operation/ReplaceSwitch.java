package io.tenantfabric.controller.operation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.db.fabric.FabricLock;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.PinnedIdentity;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Replaces a switch, in one transaction under the fabric lock: the new identity is pinned on the
 * switch (where and as whom it is reached, its host key and serial number; the old ones are kept in
 * the audit trail only and trusted no more), and a REPLACE operation is stored holding the switch,
 * for the provisioning leader to run; audited as {@code device.replace} with the old and new key
 * and serial. Refused: no fabric (409), an unknown switch (404), one without an inventory entry
 * (409: onboard it with {@code PUT /api/v1/fabric}), one another open operation holds (409, naming
 * it; audited).
 */
@Component
class ReplaceSwitch {

  private final FabricLock fabric;
  private final FabricOperationStore operations;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Clock clock;
  private final JsonMapper json;

  ReplaceSwitch(
      FabricLock fabric,
      FabricOperationStore operations,
      AuditTrail audit,
      IntentTransactions intents,
      Clock clock,
      JsonMapper json) {
    this.fabric = fabric;
    this.operations = operations;
    this.audit = audit;
    this.intents = intents;
    this.clock = clock;
    this.json = json;
  }

  OperationView replace(SwitchName name, ReplaceSwitchRequest request) {
    Actor actor = CurrentActor.get();
    return intents.run(
        () -> {
          // the fabric row first, as every change of the inventory and the intent takes it
          if (fabric.lock().isEmpty()) {
            throw Refusal.conflict(
                "Fabric not defined",
                "No fabric is defined yet: define it with PUT /api/v1/fabric and its inventory.");
          }
          PinnedIdentity before =
              operations
                  .lockIdentity(name.value())
                  .orElseThrow(
                      () ->
                          Refusal.notFound(
                                  "Switch not found", "The fabric has no switch " + name + ".")
                              .field("name"));
          if (!before.managed()) {
            throw Refusal.conflict(
                    "Switch not managed",
                    name
                        + " has no inventory entry, so there is no switch to replace; onboard it"
                        + " with PUT /api/v1/fabric and its devices.")
                .field("name")
                .with("state", "UNMANAGED");
          }
          operations.holder(name.value()).ifPresent(holder -> refuseHeld(name, holder));
          UUID id = UUID.randomUUID();
          Instant now = clock.instant();
          operations.pinIdentity(
              name.value(),
              request.host(),
              request.port(),
              request.username(),
              request.password(),
              request.hostKeySha256(),
              request.serialNumber());
          operations.insert(
              id,
              "REPLACE",
              "RUNNING",
              ReplaceStep.IDENTITY.name(),
              json.writeValueAsString(request.target()),
              actor.role() + ":" + actor.tokenId(),
              now,
              List.of(name.value()));
          audit.record(replaced(name, id, before, request));
          return OperationViews.of(operations.find(id).orElseThrow(), json);
        });
  }

  private static void refuseHeld(SwitchName name, UUID holder) {
    throw new Rejection(
        new AuditRecord(
            "device.replace",
            "switch",
            name.value(),
            null,
            null,
            AuditOutcome.REJECTED,
            Map.of("heldBy", holder.toString())),
        Refusal.conflict(
                "Switch held by an operation",
                "Operation "
                    + holder
                    + " holds "
                    + name
                    + " until it ends; read it at /api/v1/fabric/operations/"
                    + holder
                    + ", and post the replace again once it is DONE or FAILED.")
            .field("name")
            .with("operation", holder.toString()));
  }

  private static AuditRecord replaced(
      SwitchName name, UUID id, PinnedIdentity before, ReplaceSwitchRequest request) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("operation", id.toString());
    details.put("host", request.host());
    details.put("port", request.port());
    // the identity replaced is kept here, and only here: the switch row trusts the new one alone
    details.put("hostKeyFrom", before.hostKeySha256());
    details.put("hostKeyTo", request.hostKeySha256());
    details.put("serialNumberFrom", before.serialNumber());
    details.put("serialNumberTo", request.serialNumber());
    return new AuditRecord(
        "device.replace", "switch", name.value(), null, null, AuditOutcome.SUCCESS, details);
  }
}
