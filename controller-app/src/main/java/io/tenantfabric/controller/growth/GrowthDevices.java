package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.DeviceRequest;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.operation.GrowthPlanView;
import io.tenantfabric.controller.operation.OperationView;
import io.tenantfabric.controller.operation.OperationViews;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.OperationDevices;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code PUT /api/v1/fabric/operations/{id}/devices}: the inventory of switches an open growth
 * adds, given after the plan (the boxes are racked later than the plan is made). Kept with the
 * growth and copied onto the switch when its step onboards it; a switch already onboarded is
 * changed with {@code PUT /api/v1/fabric} instead. Audited without secrets as {@code
 * fabric.growth.devices}.
 */
@Component
class GrowthDevices {

  private final FabricRepository fabrics;
  private final SwitchRepository switches;
  private final FabricOperationStore operations;
  private final GrowthOperations growths;
  private final OperationDevices devices;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final JsonMapper json;

  GrowthDevices(
      FabricRepository fabrics,
      SwitchRepository switches,
      FabricOperationStore operations,
      GrowthOperations growths,
      OperationDevices devices,
      AuditTrail audit,
      IntentTransactions intents,
      JsonMapper json) {
    this.fabrics = fabrics;
    this.switches = switches;
    this.operations = operations;
    this.growths = growths;
    this.devices = devices;
    this.audit = audit;
    this.intents = intents;
    this.json = json;
  }

  OperationView put(UUID id, List<DeviceRequest> given) {
    return intents.run(
        () -> {
          fabrics.lockFabric();
          FabricOperationRow row = growths.growth(id);
          if (!List.of("PLANNED", "RUNNING", "WAITING").contains(row.state())) {
            throw GrowthOperations.ended(row, "its switches' inventory is not taken any more.");
          }
          GrowthPlanView plan = growths.stored(row).plan();
          PlanGrowth.checkNewSwitches(given, plan);
          Map<String, String> roles =
              plan.switchesToAdd().stream()
                  .collect(
                      Collectors.toMap(
                          GrowthPlanView.SwitchToAdd::name, GrowthPlanView.SwitchToAdd::role));
          for (int i = 0; i < given.size(); i++) {
            DeviceRequest d = given.get(i);
            if (!roles.get(d.name()).equals(d.role())) {
              throw Refusal.unprocessable(
                      "Wrong role",
                      d.name()
                          + " is a "
                          + roles.get(d.name())
                          + " in the grown fabric, not a "
                          + d.role())
                  .field("devices[" + i + "].role");
            }
            if (switches.findById(d.name()).flatMap(s -> s.device()).isPresent()) {
              throw Refusal.conflict(
                      "Switch onboarded",
                      d.name()
                          + " is onboarded already; change its inventory with PUT /api/v1/fabric.")
                  .field("devices[" + i + "].name");
            }
          }
          given.forEach(d -> devices.put(id, d.name(), PlanGrowth.inventory(d), d.serialNumber()));
          operations.wake();
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("operation", id.toString());
          details.put(
              "devices", given.stream().map(DeviceRequest::name).distinct().sorted().toList());
          audit.record(
              new AuditRecord(
                  "fabric.growth.devices",
                  "operation",
                  id.toString(),
                  null,
                  null,
                  AuditOutcome.SUCCESS,
                  details));
          return OperationViews.of(operations.find(id).orElseThrow(), json);
        });
  }
}
