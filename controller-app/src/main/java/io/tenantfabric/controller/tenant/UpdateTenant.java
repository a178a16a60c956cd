package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.model.tenant.TenantName;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Changes a tenant's GPU quota or display name. The tenant's row lock, which every allocation of it
 * takes too, orders the change against an allocation in flight: a quota is never lowered below the
 * GPUs the tenant holds, counted under that lock. A patch that changes nothing is not audited.
 */
@Component
class UpdateTenant {

  private final Tenants tenants;
  private final AllocationRepository allocations;
  private final AuditTrail audit;
  private final IntentTransactions intents;

  UpdateTenant(
      Tenants tenants,
      AllocationRepository allocations,
      AuditTrail audit,
      IntentTransactions intents) {
    this.tenants = tenants;
    this.allocations = allocations;
    this.audit = audit;
    this.intents = intents;
  }

  TenantView update(TenantName name, TenantPatch patch) {
    return intents.run(() -> updateLocked(name, patch));
  }

  private TenantView updateLocked(TenantName name, TenantPatch patch) {
    TenantEntity t = tenants.lockLive(name);
    long live = allocations.sumGpus(t.id(), AllocationStatus.LIVE);
    Map<String, Object> changes = new LinkedHashMap<>();
    patch
        .quota()
        .filter(q -> q != t.gpuQuota())
        .ifPresent(
            q -> {
              if (q < live) {
                throw belowLive(name, t, q, live);
              }
              changes.put("gpuQuota", Map.of("from", t.gpuQuota(), "to", q));
              t.changeQuota(q);
            });
    patch
        .name()
        .filter(n -> !n.equals(t.displayName()))
        .ifPresent(
            n -> {
              changes.put("displayName", Map.of("from", t.displayName(), "to", n));
              t.changeDisplayName(n);
            });
    if (!changes.isEmpty()) {
      audit.record(record(name, t, AuditOutcome.SUCCESS, changes));
    }
    return TenantView.of(t, live);
  }

  private static Rejection belowLive(TenantName name, TenantEntity t, int quota, long live) {
    return new Rejection(
        record(name, t, AuditOutcome.REJECTED, Map.of("gpuQuota", quota, "liveGpus", live)),
        Refusal.conflict(
                "Quota below live GPUs",
                "Tenant "
                    + name.value()
                    + " holds "
                    + live
                    + " GPUs in live allocations; its quota cannot go below that (asked "
                    + quota
                    + ").")
            .field("gpuQuota")
            .with("liveGpus", live));
  }

  private static AuditRecord record(
      TenantName name, TenantEntity t, AuditOutcome outcome, Map<String, Object> details) {
    return new AuditRecord(
        "tenant.update", "tenant", name.value(), name.value(), t.id(), outcome, details);
  }
}
