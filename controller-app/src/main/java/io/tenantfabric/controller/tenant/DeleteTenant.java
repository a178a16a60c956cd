package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.IntentTransactions;
import io.tenantfabric.controller.fabric.Rejection;
import io.tenantfabric.controller.web.ConflictException;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.tenant.PrefixReleaseEntity;
import io.tenantfabric.db.tenant.PrefixReleaseRepository;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.VniReleaseEntity;
import io.tenantfabric.db.tenant.VniReleaseRepository;
import io.tenantfabric.db.token.ApiTokenRepository;
import io.tenantfabric.model.tenant.TenantName;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Deletes a tenant that holds no live allocation; its VNI and prefix go to quarantine (see {@link
 * PoolProperties}) and its TENANT tokens are revoked. The tenant row lock orders this against a
 * concurrent allocation.
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

  DeleteTenant(
      Tenants tenants,
      AllocationRepository allocations,
      VniReleaseRepository vniReleases,
      PrefixReleaseRepository prefixReleases,
      ApiTokenRepository tokens,
      AuditTrail audit,
      IntentTransactions intents) {
    this.tenants = tenants;
    this.allocations = allocations;
    this.vniReleases = vniReleases;
    this.prefixReleases = prefixReleases;
    this.tokens = tokens;
    this.audit = audit;
    this.intents = intents;
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
              "REJECTED",
              Map.of("liveGpus", live)),
          new ConflictException(
                  "Tenant has live allocations",
                  "Tenant "
                      + name.value()
                      + " still holds "
                      + live
                      + " GPUs in live allocations; release them first.")
              .with("liveGpus", live));
    }
    Instant now = Instant.now();
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
    // the name may be taken again: the old tenant's tokens must never reach the new tenant
    details.put("tokensRevoked", tokens.revokeTenantTokens(name.value()));
    audit.record(
        new AuditRecord("tenant.delete", "tenant", name.value(), name.value(), "SUCCESS", details));
  }
}
