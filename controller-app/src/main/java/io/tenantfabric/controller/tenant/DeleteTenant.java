package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.idempotency.IdempotentReplies;
import io.tenantfabric.controller.idempotency.Reply;
import io.tenantfabric.controller.idempotency.RequestHash;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.idempotency.IdempotencyRecordRepository;
import io.tenantfabric.db.tenant.PrefixReleaseEntity;
import io.tenantfabric.db.tenant.PrefixReleaseRepository;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.VniReleaseEntity;
import io.tenantfabric.db.tenant.VniReleaseRepository;
import io.tenantfabric.db.token.ApiTokenRepository;
import io.tenantfabric.model.tenant.TenantName;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Deletes a tenant that holds no live allocation; its VNI and prefix go to quarantine (see {@link
 * PoolProperties}), its TENANT tokens are revoked and its idempotency records dropped, all by the
 * tenant's id. The tenant row lock orders this against a concurrent allocation or token issue, and
 * against a concurrent deletion with the same Idempotency-Key, which then replays this one's 204.
 */
@Component
class DeleteTenant {

  private final Tenants tenants;
  private final AllocationRepository allocations;
  private final VniReleaseRepository vniReleases;
  private final PrefixReleaseRepository prefixReleases;
  private final ApiTokenRepository tokens;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final IdempotencyRecordRepository idempotency;
  private final IdempotentReplies replies;
  private final JsonMapper json;
  private final Clock clock;

  /** What a deletion asks, for its key's record: the tenant, by the name in its path. */
  record Target(String tenant) {}

  DeleteTenant(
      Tenants tenants,
      AllocationRepository allocations,
      VniReleaseRepository vniReleases,
      PrefixReleaseRepository prefixReleases,
      ApiTokenRepository tokens,
      AuditTrail audit,
      IntentTransactions intents,
      IdempotencyRecordRepository idempotency,
      IdempotentReplies replies,
      JsonMapper json,
      Clock clock) {
    this.tenants = tenants;
    this.allocations = allocations;
    this.vniReleases = vniReleases;
    this.prefixReleases = prefixReleases;
    this.tokens = tokens;
    this.audit = audit;
    this.intents = intents;
    this.idempotency = idempotency;
    this.replies = replies;
    this.json = json;
    this.clock = clock;
  }

  /** Deletes, or replays the answer (204) of an earlier deletion with the same key and tenant. */
  Reply delete(TenantName name, Optional<ClientKey> key) {
    String hash = key.isPresent() ? RequestHash.of(new Target(name.value()), json) : null;
    try {
      return intents.run(() -> deleteLocked(name, key, hash));
    } catch (DataIntegrityViolationException raced) {
      if (key.isEmpty()) {
        throw raced;
      }
      // the same key, on another tenant, stored its answer first (the row locks of two tenants do
      // not order them): decided again, this one now sees that record and is refused with a 422
      return intents.run(() -> deleteLocked(name, key, hash));
    }
  }

  private Reply deleteLocked(TenantName name, Optional<ClientKey> key, String hash) {
    // locked first: a retry that came while the first deletion ran waits for it here, then finds
    // no live tenant and the first's record
    Optional<TenantEntity> found = tenants.lockLiveIfAny(name);
    Instant now = clock.instant();
    if (key.isPresent()) {
      Optional<Reply> replayed =
          replies.replay(
              key.get(),
              hash,
              new IdempotentReplies.Target(
                  name.value(), name.value(), found.map(TenantEntity::id).orElse(null)),
              now);
      if (replayed.isPresent()) {
        return replayed.get();
      }
    }
    TenantEntity t = found.orElseThrow(() -> Tenants.notFound(name));
    long live = allocations.sumGpus(t.id(), AllocationStatus.LIVE);
    if (live > 0 || allocations.existsByTenantIdAndStatusIn(t.id(), AllocationStatus.LIVE)) {
      throw new Rejection(
          new AuditRecord(
              "tenant.delete",
              "tenant",
              name.value(),
              name.value(),
              t.id(),
              AuditOutcome.REJECTED,
              Map.of("liveGpus", live)),
          Refusal.conflict(
                  "Tenant has live allocations",
                  "Tenant "
                      + name.value()
                      + " still holds "
                      + live
                      + " GPUs in live allocations; release them first.")
              .with("liveGpus", live));
    }
    Map<String, Object> details = new LinkedHashMap<>();
    t.vni()
        .ifPresent(
            vni -> {
              vniReleases.save(new VniReleaseEntity(vni, t.id(), now));
              details.put("vni", vni);
            });
    t.prefix()
        .ifPresent(
            prefix -> {
              prefixReleases.save(new PrefixReleaseEntity(prefix, t.id(), now));
              details.put("prefix", prefix);
            });
    t.delete(now);
    // the name may be taken again: nothing of this tenant may reach the next one of that name
    details.put("tokensRevoked", tokens.revokeTenantTokens(t.id(), "tenant deleted"));
    details.put("idempotencyRecordsDropped", idempotency.deleteByTenant(t.id()));
    Reply reply = new Reply(204, null, null, false);
    // This deletion's own answer is stored after the drop, so it outlives the tenant and a retry
    // gets its 204 rather than a 404. That is safe: it is replayed only to the token that sent it,
    // with the same key, for the same name while no other tenant of that name is live (a later
    // tenant of the name has another id: a 422), and it carries no body, nothing of the tenant.
    // A tenant is deleted once, so no later drop by its id removes it; it expires with the rest.
    key.ifPresent(k -> replies.record(k, hash, t.id(), reply, now));
    audit.record(
        new AuditRecord(
            "tenant.delete",
            "tenant",
            name.value(),
            name.value(),
            t.id(),
            AuditOutcome.SUCCESS,
            details));
    return reply;
  }
}
