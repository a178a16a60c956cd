package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
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
import org.springframework.stereotype.Component;

/**
 * Deletes a tenant that holds no live allocation; its VNI and prefix go to quarantine (see {@link
 * PoolProperties}), its TENANT tokens are revoked and its idempotency records dropped, all by the
 * tenant's id. The tenant row lock orders this against a concurrent allocation or token issue.
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
  private final Clock clock;

  DeleteTenant(
      Tenants tenants,
      AllocationRepository allocations,
      VniReleaseRepository vniReleases,
      PrefixReleaseRepository prefixReleases,
      ApiTokenRepository tokens,
      AuditTrail audit,
      IntentTransactions intents,
      IdempotencyRecordRepository idempotency,
      Clock clock) {
    this.tenants = tenants;
    this.allocations = allocations;
    this.vniReleases = vniReleases;
    this.prefixReleases = prefixReleases;
    this.tokens = tokens;
    this.audit = audit;
    this.intents = intents;
    this.idempotency = idempotency;
    this.clock = clock;
  }

  void delete(TenantName name) {
    intents.run(
        () -> {
          deleteLocked(name);
          return null;
        });
  }

  private void deleteLocked(TenantName name) {
    TenantEntity t = tenants.lockLive(name);
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
    Instant now = clock.instant();
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
    audit.record(
        new AuditRecord(
            "tenant.delete",
            "tenant",
            name.value(),
            name.value(),
            t.id(),
            AuditOutcome.SUCCESS,
            details));
  }
}
