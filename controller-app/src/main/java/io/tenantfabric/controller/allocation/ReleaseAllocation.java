package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.notify.IntentCommitted;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.tenant.Tenants;
import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.model.tenant.TenantName;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Starts releasing an allocation: it goes to RELEASING and its leaves' desired generation moves on;
 * its GPUs stay bound (and unplaceable) until the provisioner has verified their ports scrubbed and
 * marks it RELEASED. Releasing a releasing or released allocation is a no-op.
 */
@Component
class ReleaseAllocation {

  private final Clock clock;

  private final IntentTransactions intents;
  private final FabricModels models;
  private final Tenants tenants;
  private final AllocationRepository allocations;
  private final AllocationViews views;
  private final AuditTrail audit;
  private final IntentGenerations generations;
  private final ApplicationEventPublisher events;

  ReleaseAllocation(
      IntentTransactions intents,
      FabricModels models,
      Tenants tenants,
      AllocationRepository allocations,
      AllocationViews views,
      AuditTrail audit,
      IntentGenerations generations,
      ApplicationEventPublisher events,
      Clock clock) {
    this.events = events;
    this.clock = clock;
    this.intents = intents;
    this.models = models;
    this.tenants = tenants;
    this.allocations = allocations;
    this.views = views;
    this.audit = audit;
    this.generations = generations;
  }

  AllocationView release(TenantName tenant, UUID id) {
    return intents.run(() -> releaseLocked(tenant, id));
  }

  private AllocationView releaseLocked(TenantName tenant, UUID id) {
    Fabric fabric = models.lockDefined(); // generations move under the same mutex as placement
    TenantEntity t = tenants.live(tenant);
    AllocationEntity a =
        allocations
            .findByIdAndTenantId(id, t.id())
            .orElseThrow(() -> ReadAllocations.notFound(tenant, id));
    AllocationStatus from = a.status();
    if (from == AllocationStatus.RELEASING || from == AllocationStatus.RELEASED) {
      return views.of(a, tenant.value());
    }
    if (from == AllocationStatus.FAILED) {
      throw new Rejection(
          new AuditRecord(
              "allocation.release",
              "allocation",
              id.toString(),
              tenant.value(),
              t.id(),
              AuditOutcome.REJECTED,
              Map.of("status", from.name())),
          Refusal.conflict(
              "Allocation failed",
              "Allocation " + id + " failed and holds no GPUs; there is nothing to release."));
    }
    a.transitionTo(AllocationStatus.RELEASING, clock.instant());
    List<String> ids = a.gpuIds();
    // the GPUs' leaves from the fabric model, as placement found them (the gpus rows are derived
    // from it), not read: a native query through JPA flushes the session first, and the GPUs were
    // then read once more for the reply
    Set<String> leaves = new TreeSet<>();
    for (String g : ids) {
      leaves.add(fabric.gpu(new GpuId(g)).orElseThrow().leaf().value());
    }
    allocations.flush();
    // RELEASED once they applied the scrub; the reply shows the switches it waits for, as a read
    // right after shows them (it showed the generations of the allocation's creation)
    IntentGenerations.Advanced advanced = generations.advance(Map.of(id, leaves));
    if (advanced.notified()) { // the provisioner here hears of it at commit
      events.publishEvent(new IntentCommitted(advanced.notice(), 1));
    }
    AllocationView view =
        views.of(a, tenant.value(), fabric, advanced.progress().getOrDefault(id, List.of()));
    audit.record(
        new AuditRecord(
            "allocation.release",
            "allocation",
            id.toString(),
            tenant.value(),
            t.id(),
            AuditOutcome.SUCCESS,
            Map.of("from", from.name(), "gpus", ids.size(), "leaves", List.copyOf(leaves))));
    return view;
  }
}
