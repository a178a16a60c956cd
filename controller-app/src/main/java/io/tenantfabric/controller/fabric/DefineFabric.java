package io.tenantfabric.controller.fabric;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.controller.web.ApiException;
import io.tenantfabric.controller.web.ConflictException;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.fabric.DeviceInventory;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.fabric.SwitchEntity;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.fabric.TopologyStatistics;
import io.tenantfabric.db.fabric.TopologyWriter;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.FabricValidationException;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.UnknownPresetException;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Defines the fabric on the first PUT, accepts the same spec again (updating the inventory), and
 * grows it in place when the new spec is a valid growth; anything else is a 409. An inventory entry
 * whose host key differs from the pinned one is a 409 too, unless the request names the switch in
 * {@code replaceHostKeys} ({@link PinnedHostKeys}).
 */
@Component
class DefineFabric {

  private static final Logger log = LoggerFactory.getLogger(DefineFabric.class);

  private final Clock clock;

  private final ProvisioningStore provisioning;

  private final FabricRepository fabrics;
  private final SwitchRepository switches;
  private final AllocationRepository allocations;
  private final TopologyWriter topology;
  private final FabricModels models;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Transactions transactions;
  private final TopologyStatistics statistics;

  DefineFabric(
      FabricRepository fabrics,
      SwitchRepository switches,
      AllocationRepository allocations,
      TopologyWriter topology,
      FabricModels models,
      AuditTrail audit,
      IntentTransactions intents,
      ProvisioningStore provisioning,
      Transactions transactions,
      TopologyStatistics statistics,
      Clock clock) {
    this.clock = clock;
    this.transactions = transactions;
    this.statistics = statistics;
    this.provisioning = provisioning;
    this.fabrics = fabrics;
    this.switches = switches;
    this.allocations = allocations;
    this.topology = topology;
    this.models = models;
    this.audit = audit;
    this.intents = intents;
  }

  FabricDefinition define(DefineFabricRequest request) {
    FabricSpec spec = resolveSpec(request);
    Fabric target = build(spec);
    checkDevices(target, request.devices());
    checkReplaceHostKeys(request);
    FabricDefinition result = intents.runLong(() -> apply(request, spec, target));
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
      FabricEntity row = fabrics.save(new FabricEntity(target.name(), models.toJson(spec), now));
      topology.write(TopologyMapping.rows(target));
      applyDevices(request, target.name());
      int devices = request.devices().size();
      switches.bumpDesiredGeneration(names(target));
      audit.record(
          new AuditRecord(
              "fabric.define",
              "fabric",
              target.name(),
              null,
              null,
              AuditOutcome.SUCCESS,
              details(target, devices)));
      return result(FabricDefinition.Outcome.DEFINED, target, row.revision(), devices, null);
    }
    FabricEntity row = current.get();
    Fabric existing = models.of(row);
    if (existing.spec().equals(spec)) {
      List<PinnedHostKeys.Change> replaced = applyDevices(request, existing.name());
      int devices = request.devices().size();
      if (devices > 0) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("devicesUpdated", devices);
        putReplaced(details, replaced);
        audit.record(
            new AuditRecord(
                "fabric.inventory",
                "fabric",
                target.name(),
                null,
                null,
                AuditOutcome.SUCCESS,
                details));
      }
      return result(FabricDefinition.Outcome.UNCHANGED, existing, row.revision(), devices, null);
    }
    Set<GpuId> busy =
        allocations.findBusyGpuIds().stream().map(GpuId::new).collect(Collectors.toSet());
    GrowthGuard.Verdict verdict = GrowthGuard.check(existing, target, busy);
    List<String> reasons = verdict.reasons();
    if (verdict.refused()) {
      String detail =
          "The spec differs from fabric "
              + existing.name()
              + " and is not a valid growth of it: "
              + String.join("; ", reasons.subList(0, Math.min(reasons.size(), 10)))
              + (reasons.size() > 10 ? "; and " + (reasons.size() - 10) + " more" : "");
      throw new Rejection(
          new AuditRecord(
              "fabric.grow",
              "fabric",
              existing.name(),
              null,
              null,
              AuditOutcome.REJECTED,
              Map.of("to", target.name(), "reasons", reasons.size())),
          new ConflictException("Fabric conflict", detail)
              .with("reasons", reasons.subList(0, Math.min(reasons.size(), 50))));
    }
    FabricDefinition.GrowthSummary summary = GrowthGuard.summary(verdict.plan(), existing, target);
    row.grow(target.name(), models.toJson(spec), now);
    fabrics.flush();
    topology.write(TopologyMapping.rows(target));
    List<PinnedHostKeys.Change> replaced = applyDevices(request, existing.name());
    int devices = request.devices().size();
    switches.bumpDesiredGeneration(names(target));
    Map<String, Object> details = details(target, devices);
    putReplaced(details, replaced);
    details.put("from", existing.name());
    details.put("switchesAdded", summary.switchesAdded().size());
    details.put("cablesMoved", summary.cablesMoved());
    details.put("cablesAdded", summary.cablesAdded());
    audit.record(
        new AuditRecord(
            "fabric.grow", "fabric", target.name(), null, null, AuditOutcome.SUCCESS, details));
    return result(FabricDefinition.Outcome.GROWN, target, row.revision(), devices, summary);
  }

  private static FabricSpec resolveSpec(DefineFabricRequest request) {
    if ((request.preset() == null) == (request.spec() == null)) {
      throw new ApiException(
              HttpStatus.BAD_REQUEST,
              "Invalid fabric request",
              "Give exactly one of \"preset\" (one of "
                  + FabricPresets.names().stream().sorted().toList()
                  + ") and \"spec\".")
          .field(request.preset() == null ? "spec" : "preset");
    }
    if (request.preset() != null) {
      try {
        return FabricPresets.named(request.preset());
      } catch (UnknownPresetException e) {
        throw new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "Unknown preset", e.getMessage())
            .field("preset");
      }
    }
    return request.spec();
  }

  private static Fabric build(FabricSpec spec) {
    try {
      return Fabric.of(spec);
    } catch (FabricValidationException e) {
      throw new ApiException(
              HttpStatus.UNPROCESSABLE_CONTENT, "Invalid fabric spec", e.getMessage())
          .field("spec")
          .with(
              "violations",
              e.violations().stream()
                  .limit(50)
                  .map(
                      v -> Map.of("element", v.element(), "rule", v.rule(), "message", v.message()))
                  .toList());
    } catch (IllegalArgumentException e) {
      // a field outside its range (negative counts, a malformed supernet) before the topology
      // exists
      throw new ApiException(
              HttpStatus.UNPROCESSABLE_CONTENT, "Invalid fabric spec", e.getMessage())
          .field("spec");
    }
  }

  private static void checkDevices(Fabric target, List<DeviceRequest> devices) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < devices.size(); i++) {
      DeviceRequest d = devices.get(i);
      String field = "devices[" + i + "]";
      if (!seen.add(d.name())) {
        throw unprocessable(field + ".name", "Device " + d.name() + " is listed twice.");
      }
      Optional<Switch> sw;
      try {
        sw = target.switchNamed(new SwitchName(d.name()));
      } catch (IllegalArgumentException e) {
        sw = Optional.empty();
      }
      if (sw.isEmpty()) {
        throw unprocessable(
            field + ".name", "Fabric " + target.name() + " has no switch named " + d.name() + ".");
      }
      if (!sw.get().role().name().equals(d.role())) {
        throw unprocessable(
            field + ".role",
            "Switch " + d.name() + " is a " + sw.get().role() + ", not a " + d.role() + ".");
      }
    }
  }

  /** Every name in replaceHostKeys must be a device of this request: anything else is a typo. */
  private static void checkReplaceHostKeys(DefineFabricRequest request) {
    Set<String> listed =
        request.devices().stream().map(DeviceRequest::name).collect(Collectors.toSet());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < request.replaceHostKeys().size(); i++) {
      String name = request.replaceHostKeys().get(i);
      String field = "replaceHostKeys[" + i + "]";
      if (!seen.add(name)) {
        throw unprocessable(field, "Device " + name + " is listed twice.");
      }
      if (!listed.contains(name)) {
        throw unprocessable(
            field,
            "Device "
                + name
                + " is not in this request's devices: a host key can only be replaced together"
                + " with the inventory entry that carries the new one.");
      }
    }
  }

  /**
   * Stores the request's inventory, refusing (409, nothing stored) a changed host key the request
   * did not name in replaceHostKeys; returns the pinned keys it replaced.
   */
  private List<PinnedHostKeys.Change> applyDevices(DefineFabricRequest request, String fabric) {
    Map<String, SwitchEntity> rows = new LinkedHashMap<>();
    for (DeviceRequest d : request.devices()) {
      rows.put(
          d.name(),
          switches
              .findById(d.name())
              .orElseThrow(() -> new IllegalStateException("switch " + d.name() + " not stored")));
    }
    List<PinnedHostKeys.Change> changes =
        PinnedHostKeys.changes(
            request.devices(), name -> rows.get(name).device().map(DeviceInventory::hostKeySha256));
    List<PinnedHostKeys.Change> refused =
        PinnedHostKeys.unasked(changes, Set.copyOf(request.replaceHostKeys()));
    if (!refused.isEmpty()) {
      throw new Rejection(
          new AuditRecord(
              "fabric.inventory",
              "fabric",
              fabric,
              null,
              null,
              AuditOutcome.REJECTED,
              Map.of(
                  "hostKeyChanged",
                  refused.stream()
                      .map(PinnedHostKeys.Change::device)
                      .limit(PinnedHostKeys.LISTED)
                      .toList())),
          PinnedHostKeys.refusal(refused));
    }
    for (DeviceRequest d : request.devices()) {
      rows.get(d.name())
          .setDevice(
              new DeviceInventory(
                  d.host(), d.port(), d.username(), d.password(), d.hostKeySha256()));
    }
    return changes;
  }

  /** How many pinned keys were replaced, and the first of them with their old and new key. */
  private static void putReplaced(
      Map<String, Object> details, List<PinnedHostKeys.Change> replaced) {
    if (!replaced.isEmpty()) {
      details.put("hostKeysReplaced", replaced.size());
      details.put(
          "hostKeyReplacements",
          replaced.stream()
              .limit(PinnedHostKeys.LISTED)
              .map(c -> Map.of("device", c.device(), "from", c.pinned(), "to", c.presented()))
              .toList());
    }
  }

  private static List<String> names(Fabric fabric) {
    return fabric.switches().stream().map(s -> s.name().value()).toList();
  }

  private static Map<String, Object> details(Fabric fabric, int devices) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("switches", fabric.switches().size());
    d.put("gpus", fabric.gpus().size());
    d.put("devicesUpdated", devices);
    return d;
  }

  private static FabricDefinition result(
      FabricDefinition.Outcome outcome,
      Fabric fabric,
      long revision,
      int devices,
      FabricDefinition.GrowthSummary growth) {
    return new FabricDefinition(
        outcome,
        fabric.name(),
        revision,
        fabric.switches().size(),
        fabric.gpus().size(),
        devices,
        Optional.ofNullable(growth));
  }

  private static ApiException unprocessable(String field, String detail) {
    return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "Invalid device inventory", detail)
        .field(field);
  }
}
