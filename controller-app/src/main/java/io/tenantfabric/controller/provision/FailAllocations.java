package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.tenant.TenantRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Fails the PROVISIONING allocations that wait on one switch, with a reason that names the switch
 * and quotes the device: an intent change like any other (under the fabric lock), so the GPUs are
 * free at once and every switch the allocations touched is moved on, to scrub their ports.
 */
@Component
class FailAllocations {

  private final IntentTransactions intents;
  private final FabricModels models;
  private final IntentGenerations generations;
  private final AllocationRepository allocations;
  private final TenantRepository tenants;
  private final SwitchRepository switches;
  private final AuditTrail audit;
  private final Clock clock;

  FailAllocations(
      IntentTransactions intents,
      FabricModels models,
      IntentGenerations generations,
      AllocationRepository allocations,
      TenantRepository tenants,
      SwitchRepository switches,
      AuditTrail audit,
      Clock clock) {
    this.intents = intents;
    this.models = models;
    this.generations = generations;
    this.allocations = allocations;
    this.tenants = tenants;
    this.switches = switches;
    this.audit = audit;
    this.clock = clock;
  }

  /** Fails every PROVISIONING allocation waiting on {@code switchName}; returns their ids. */
  List<UUID> failWaitingOn(String switchName, String reason) {
    return intents.run(
        () -> {
          models.lockDefined();
          Instant now = clock.instant();
          List<UUID> failed = new ArrayList<>();
          TreeSet<String> touched = new TreeSet<>();
          for (UUID id : generations.provisioningWaitingOn(switchName)) {
            AllocationEntity a = allocations.findById(id).orElseThrow();
            a.fail(reason, now);
            touched.addAll(generations.switchesOf(id));
            String tenant = tenants.findById(a.tenantId()).map(t -> t.name()).orElse(null);
            audit.record(
                new AuditRecord(
                    "allocation.fail",
                    "allocation",
                    id.toString(),
                    tenant,
                    a.tenantId(),
                    AuditOutcome.FAILURE,
                    Map.of("switch", switchName, "reason", reason)));
            generations.notifyAllocation(id);
            failed.add(id);
          }
          if (!failed.isEmpty()) {
            allocations.flush();
            switches.bumpDesiredGeneration(touched); // scrub their ports everywhere
            generations.notifyIntent();
          }
          return failed;
        });
  }
}
