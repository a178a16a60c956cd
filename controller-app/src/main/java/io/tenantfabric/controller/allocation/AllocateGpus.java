package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.idempotency.IdempotencyProperties;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.tenant.TenantPools;
import io.tenantfabric.controller.tenant.Tenants;
import io.tenantfabric.controller.web.ApiException;
import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.GpuRepository;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.idempotency.IdempotencyKey;
import io.tenantfabric.db.idempotency.IdempotencyRecordEntity;
import io.tenantfabric.db.idempotency.IdempotencyRecordRepository;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.model.placement.InsufficientCapacityException;
import io.tenantfabric.model.placement.QuotaExceededException;
import io.tenantfabric.model.placement.QuotaPolicy;
import io.tenantfabric.model.pool.PoolExhaustedException;
import io.tenantfabric.model.tenant.TenantName;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Places N GPUs for a tenant in ONE transaction. Placements are serialised per fabric by {@code
 * SELECT ... FOR UPDATE} on the fabric row: placement needs a consistent view of every busy,
 * cordoned and drained GPU, and {@code SKIP LOCKED} on GPU rows would let two requests each see
 * "enough" free GPUs and then fail (or fragment) half-way. The partial unique index on live
 * memberships stays the database's own guard if any code ever bypasses the lock. Placement and the
 * pools decide on {@link IntentIndexes} kept in memory across allocations, valid while the fabric
 * intent version says nothing changed since (docs/provisioning.md, "Allocation write path").
 */
@Component
class AllocateGpus {

  private final IntentIndexes indexes;

  private final IntentTransactions intents;
  private final FabricModels models;
  private final Tenants tenants;
  private final TenantPools pools;
  private final AllocationRepository allocations;
  private final GpuRepository gpus;
  private final SwitchRepository switches;
  private final IdempotencyRecordRepository idempotency;
  private final AllocationViews views;
  private final AuditTrail audit;
  private final JsonMapper json;
  private final ProvisioningStore provisioning;
  private final Clock clock;
  private final Duration ttl;

  AllocateGpus(
      IntentTransactions intents,
      FabricModels models,
      Tenants tenants,
      TenantPools pools,
      AllocationRepository allocations,
      GpuRepository gpus,
      SwitchRepository switches,
      IdempotencyRecordRepository idempotency,
      AllocationViews views,
      AuditTrail audit,
      JsonMapper json,
      ProvisioningStore provisioning,
      Clock clock,
      IdempotencyProperties idempotencyProperties,
      IntentIndexes indexes) {
    this.indexes = indexes;
    this.intents = intents;
    this.models = models;
    this.tenants = tenants;
    this.pools = pools;
    this.allocations = allocations;
    this.gpus = gpus;
    this.switches = switches;
    this.idempotency = idempotency;
    this.views = views;
    this.audit = audit;
    this.json = json;
    this.provisioning = provisioning;
    this.clock = clock;
    this.ttl = idempotencyProperties.ttl();
  }

  /** Allocates, or replays the stored reply of an earlier request with the same key and body. */
  Reply allocate(TenantName tenant, AllocateRequest request, Optional<ClientKey> clientKey) {
    String requestHash = RequestHash.of(request, json);
    return intents.run(() -> allocateLocked(tenant, request, clientKey, requestHash));
  }

  private Reply allocateLocked(
      TenantName tenant, AllocateRequest request, Optional<ClientKey> clientKey, String hash) {
    FabricEntity fabricRow = models.lockDefined(); // the per-fabric mutex, held until commit
    TenantEntity t = tenants.lockLive(tenant); // lock order: fabric, then tenant
    Instant now = clock.instant();
    Optional<IdempotencyKey> key =
        clientKey.map(k -> new IdempotencyKey(t.id(), k.scope(), k.key()));
    if (key.isPresent()) {
      Optional<IdempotencyRecordEntity> prior = idempotency.findById(key.get());
      if (prior.isPresent() && !prior.get().isExpiredAt(now)) {
        return replay(prior.get(), tenant, t.id(), hash);
      }
      // an expired record is a new request: drop it so that this answer can take its key
      prior.ifPresent(
          p -> {
            idempotency.delete(p);
            idempotency.flush();
          });
    }
    int requested = request.gpus();
    long live = allocations.sumGpus(t.id(), AllocationStatus.LIVE);
    try {
      QuotaPolicy.check(tenant, t.gpuQuota(), (int) live, requested);
    } catch (QuotaExceededException e) {
      throw AllocationRefusals.quota(tenant, t.id(), e);
    }
    Fabric fabric = models.of(fabricRow);
    IntentIndexes.Lease indexes = this.indexes.open(fabric, now);
    List<GpuId> picked;
    try {
      picked = indexes.occupancy().place(requested);
    } catch (InsufficientCapacityException e) {
      throw AllocationRefusals.capacity(tenant, t.id(), e);
    }
    TenantPools.Pools p = null;
    if (t.vni().isEmpty()) {
      try {
        p = TenantPools.pick(indexes.pools(), t, now);
      } catch (PoolExhaustedException e) {
        throw AllocationRefusals.pool(tenant, t.id(), e);
      }
    }
    // every refusal is behind us: from here on the indexes record this allocation
    indexes.changing();
    indexes.occupancy().occupy(picked);
    if (p != null) {
      t.assignPools(p.vni().value(), p.prefix().toString());
      indexes.pools().assign(p.vni(), p.prefix());
    }
    UUID id = UUID.randomUUID();
    AllocationEntity allocation =
        allocations.save(
            new AllocationEntity(id, t.id(), picked.stream().map(GpuId::value).toList(), now));
    Set<String> leaves = new TreeSet<>();
    for (GpuId g : picked) {
      leaves.add(fabric.gpu(g).orElseThrow().leaf().value());
    }
    allocations.flush(); // the allocation and its membership before rows that reference them
    switches.bumpDesiredGeneration(leaves);
    provisioning.recordGenerations(id, leaves);
    indexes.close(); // every change placement and the pools depend on is written by now
    provisioning.notifyIntent(); // wakes the provisioner at commit
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("gpus", requested);
    details.put("leaves", List.copyOf(leaves));
    key.ifPresent(k -> details.put("idempotencyKey", k.key()));
    audit.record(
        new AuditRecord(
            "allocation.create",
            "allocation",
            id.toString(),
            tenant.value(),
            t.id(),
            AuditOutcome.SUCCESS,
            details));
    String location = "/api/v1/tenants/" + tenant.value() + "/allocations/" + id;
    String body = json.writeValueAsString(views.of(allocation, tenant.value()));
    key.ifPresent(
        k ->
            idempotency.save(
                new IdempotencyRecordEntity(
                    k, hash, 202, location, "application/json", body, now, now.plus(ttl))));
    return new Reply(202, location, body, false);
  }

  private Reply replay(
      IdempotencyRecordEntity prior, TenantName tenant, long tenantId, String hash) {
    if (!prior.requestHash().equals(hash)) {
      throw new Rejection(
          new AuditRecord(
              "allocation.create",
              "allocation",
              prior.location().orElse("-"),
              tenant.value(),
              tenantId,
              AuditOutcome.REJECTED,
              Map.of("reason", "idempotency key reused with another body")),
          new ApiException(
                  HttpStatus.UNPROCESSABLE_CONTENT,
                  "Idempotency key reused",
                  "This Idempotency-Key was first used with a different request body; use a new"
                      + " key for a different request.")
              .field("Idempotency-Key"));
    }
    return new Reply(
        prior.responseStatus(), prior.location().orElse(null), prior.responseBody(), true);
  }
}
