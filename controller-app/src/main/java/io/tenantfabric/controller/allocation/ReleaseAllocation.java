package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.idempotency.IdempotentReplies;
import io.tenantfabric.controller.idempotency.Reply;
import io.tenantfabric.controller.idempotency.RequestHash;
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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Starts releasing an allocation: it goes to RELEASING and its leaves' desired generation moves on;
 * its GPUs stay bound (and unplaceable) until the provisioner has verified their ports scrubbed and
 * marks it RELEASED. Releasing a releasing or released allocation is a no-op. With an
 * Idempotency-Key, the answer is stored with the release and a retry gets it again.
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
  private final IdempotentReplies replies;
  private final JsonMapper json;

  /** A release's answer, and the status of the allocation it shows (null when replayed). */
  record Answer(Reply reply, String status) {}

  /** What a release asks, for its key's record: the allocation, named by its tenant and id. */
  record Target(String tenant, UUID allocation) {}

  ReleaseAllocation(
      IntentTransactions intents,
      FabricModels models,
      Tenants tenants,
      AllocationRepository allocations,
      AllocationViews views,
      AuditTrail audit,
      IntentGenerations generations,
      ApplicationEventPublisher events,
      IdempotentReplies replies,
      JsonMapper json,
      Clock clock) {
    this.events = events;
    this.replies = replies;
    this.json = json;
    this.clock = clock;
    this.intents = intents;
    this.models = models;
    this.tenants = tenants;
    this.allocations = allocations;
    this.views = views;
    this.audit = audit;
    this.generations = generations;
  }

  /**
   * Releases, or replays the stored answer of an earlier release with the same key and target; the
   * answer is 202 with the allocation as the release left it.
   */
  Answer release(TenantName tenant, UUID id, Optional<ClientKey> key) {
    // the target only: a release has no body, and wait changes how the answer is awaited
    String hash = key.isPresent() ? RequestHash.of(new Target(tenant.value(), id), json) : null;
    return intents.run(() -> releaseLocked(tenant, id, key, hash));
  }

  private Answer releaseLocked(TenantName tenant, UUID id, Optional<ClientKey> key, String hash) {
    Fabric fabric = models.lockDefined(); // generations move under the same mutex as placement
    TenantEntity t = tenants.live(tenant);
    Instant now = clock.instant();
    if (key.isPresent()) { // after the fabric lock, so a concurrent retry sees the first's record
      Optional<Reply> replayed =
          replies.replay(
              key.get(),
              hash,
              new IdempotentReplies.Target(id.toString(), tenant.value(), t.id()),
              now);
      if (replayed.isPresent()) {
        return new Answer(replayed.get(), null);
      }
    }
    Changed changed = change(fabric, t, tenant, id, now);
    Reply reply = new Reply(202, null, json.writeValueAsString(changed.view()), false);
    // a refusal (a FAILED allocation) threw above and stores nothing: it changed nothing
    key.ifPresent(k -> replies.record(k, hash, t.id(), reply, now));
    if (changed.event() != null) { // last, so the chain's lock is held only to the commit
      audit.record(changed.event());
    }
    return new Answer(reply, changed.view().status());
  }

  /** The allocation as the release left it, and the event of the change (null: none made). */
  private record Changed(AllocationView view, AuditRecord event) {}

  private Changed change(Fabric fabric, TenantEntity t, TenantName tenant, UUID id, Instant now) {
    AllocationEntity a =
        allocations
            .findByIdAndTenantId(id, t.id())
            .orElseThrow(() -> ReadAllocations.notFound(tenant, id));
    AllocationStatus from = a.status();
    if (from == AllocationStatus.RELEASING || from == AllocationStatus.RELEASED) {
      return new Changed(views.of(a, tenant.value()), null);
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
    a.transitionTo(AllocationStatus.RELEASING, now);
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
    return new Changed(
        view,
        new AuditRecord(
            "allocation.release",
            "allocation",
            id.toString(),
            tenant.value(),
            t.id(),
            AuditOutcome.SUCCESS,
            Map.of("from", from.name(), "gpus", ids.size(), "leaves", List.copyOf(leaves))));
  }
}
