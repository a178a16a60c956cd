package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.DefineFabricRequest;
import io.tenantfabric.controller.fabric.DeviceRequest;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.fabric.FabricRequestChecks;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.operation.GrowthPlanView;
import io.tenantfabric.controller.operation.OperationView;
import io.tenantfabric.controller.operation.OperationViews;
import io.tenantfabric.controller.operation.StoredGrowth;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.db.fabric.DeviceInventory;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.OperationDevices;
import io.tenantfabric.model.growth.GrowthRejectedException;
import io.tenantfabric.model.topology.Fabric;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/v1/fabric/growth}: plans a live growth of the stored fabric to another spec and
 * stores it as a GROWTH operation in state PLANNED (nothing of the fabric changes until it is
 * applied), with the inventory of any new switch given with it; {@code dryRun} answers the plan and
 * stores nothing. Refused: no fabric, the same spec, a spec that is not a live growth of the fabric
 * (409 with the core's reasons), inventory naming a switch the growth does not add (422), another
 * growth open (409 naming it).
 */
@Component
@Import(OperationDevices.class) // the app scans only its own packages
class PlanGrowth {

  /** The reasons a refusal lists at most. */
  static final int LISTED = 50;

  /** What a plan request answers: the stored operation (none for a dry run) and the plan. */
  record Planned(OperationView operation, GrowthPlanView plan) {}

  private final FabricRepository fabrics;
  private final FabricModels models;
  private final FabricOperationStore operations;
  private final OperationDevices devices;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Clock clock;
  private final JsonMapper json;

  PlanGrowth(
      FabricRepository fabrics,
      FabricModels models,
      FabricOperationStore operations,
      OperationDevices devices,
      AuditTrail audit,
      IntentTransactions intents,
      Clock clock,
      JsonMapper json) {
    this.fabrics = fabrics;
    this.models = models;
    this.operations = operations;
    this.devices = devices;
    this.audit = audit;
    this.intents = intents;
    this.clock = clock;
    this.json = json;
  }

  Planned plan(GrowthRequest request, boolean dryRun) {
    Actor actor = CurrentActor.get();
    FabricRequestChecks.Checked checked =
        FabricRequestChecks.check(
            new DefineFabricRequest(
                request.preset(), request.spec(), request.devices(), List.of()));
    String field = request.preset() != null ? "preset" : "spec";
    return intents.runLong(
        () -> {
          FabricEntity row =
              fabrics
                  .lockFabric()
                  .orElseThrow(
                      () ->
                          Refusal.conflict(
                              "Fabric not defined",
                              "No fabric is defined yet: define it with PUT /api/v1/fabric."));
          Fabric existing = models.of(row);
          if (existing.spec().equals(checked.spec())) {
            throw Refusal.conflict(
                    "Nothing to grow",
                    "Fabric "
                        + existing.name()
                        + " already has this spec: there is nothing to grow.")
                .field(field);
          }
          GrowthPlanView plan = planOrRefuse(existing, checked.target(), field);
          checkNewSwitches(request.devices(), plan);
          if (dryRun) {
            return new Planned(null, plan);
          }
          refuseOpenGrowth();
          UUID id = UUID.randomUUID();
          StoredGrowth stored =
              new StoredGrowth(existing.spec(), checked.spec(), request.preset(), plan);
          operations.insert(
              id,
              "GROWTH",
              "PLANNED",
              GrowthSteps.name(1),
              json.writeValueAsString(stored),
              actor.role() + ":" + actor.tokenId(),
              clock.instant(),
              List.of());
          for (DeviceRequest d : request.devices()) {
            devices.put(id, d.name(), inventory(d), d.serialNumber());
          }
          audit.record(planned(id, plan, request.devices().size()));
          return new Planned(OperationViews.of(operations.find(id).orElseThrow(), json), plan);
        });
  }

  static DeviceInventory inventory(DeviceRequest d) {
    return new DeviceInventory(d.host(), d.port(), d.username(), d.password(), d.hostKeySha256());
  }

  private static GrowthPlanView planOrRefuse(Fabric existing, Fabric target, String field) {
    try {
      return GrowthPlanViews.of(existing, target);
    } catch (GrowthRejectedException e) {
      List<String> reasons = e.violations().stream().map(Object::toString).toList();
      throw new Rejection(
          new AuditRecord(
              "fabric.growth.plan",
              "fabric",
              existing.name(),
              null,
              null,
              AuditOutcome.REJECTED,
              Map.of("to", target.name(), "reasons", reasons.size())),
          Refusal.conflict(
                  "Not a live growth",
                  "The spec is not a live growth of fabric "
                      + existing.name()
                      + ": "
                      + String.join("; ", reasons.subList(0, Math.min(reasons.size(), 10)))
                      + (reasons.size() > 10 ? "; and " + (reasons.size() - 10) + " more" : ""))
              .field(field)
              .with("reasons", reasons.subList(0, Math.min(reasons.size(), LISTED))));
    }
  }

  /** Inventory given with a plan is for the switches it adds; existing ones change by PUT. */
  static void checkNewSwitches(List<DeviceRequest> given, GrowthPlanView plan) {
    Set<String> added =
        plan.switchesToAdd().stream()
            .map(GrowthPlanView.SwitchToAdd::name)
            .collect(Collectors.toSet());
    for (int i = 0; i < given.size(); i++) {
      if (!added.contains(given.get(i).name())) {
        throw Refusal.unprocessable(
                "Not a new switch",
                given.get(i).name()
                    + " is not a switch this growth adds; the inventory of a switch in service is"
                    + " changed with PUT /api/v1/fabric.")
            .field("devices[" + i + "].name");
      }
    }
  }

  private void refuseOpenGrowth() {
    List<FabricOperationRow> open = operations.open("GROWTH");
    if (!open.isEmpty()) {
      UUID other = open.get(0).id();
      throw Refusal.conflict(
              "Growth already open",
              "Growth "
                  + other
                  + " is "
                  + open.get(0).state()
                  + "; one growth runs at a time: apply or cancel it first (/api/v1/fabric/"
                  + "operations/"
                  + other
                  + ").")
          .with("operation", other.toString());
    }
  }

  private static AuditRecord planned(UUID id, GrowthPlanView plan, int devices) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("operation", id.toString());
    details.put("from", plan.from());
    details.put("to", plan.to());
    details.put("switchesToAdd", plan.switchesToAdd().size());
    details.put("gpusToAdd", plan.gpusToAdd());
    details.put("cablesToMove", plan.cablesToMove());
    details.put("cablesToAdd", plan.cablesToAdd());
    details.put("steps", plan.steps().size());
    details.put("devices", devices);
    return new AuditRecord(
        "fabric.growth.plan", "fabric", plan.from(), null, null, AuditOutcome.SUCCESS, details);
  }
}
