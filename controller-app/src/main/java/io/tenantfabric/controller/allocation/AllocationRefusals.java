package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.model.placement.InsufficientCapacityException;
import io.tenantfabric.model.placement.QuotaExceededException;
import io.tenantfabric.model.pool.PoolExhaustedException;
import io.tenantfabric.model.tenant.TenantName;
import java.util.Map;

/**
 * The refusals of an allocation request (capacity, quota, pools) as 409 problems that state the
 * figures, with their audit records; shared by the allocation and its dry run.
 */
final class AllocationRefusals {

  private AllocationRefusals() {}

  static Rejection capacity(TenantName tenant, long tenantId, InsufficientCapacityException e) {
    return new Rejection(
        rejected(tenant, tenantId, Map.of("requested", e.requested(), "free", e.free())),
        Refusal.conflict(
                "Insufficient capacity",
                "Requested "
                    + e.requested()
                    + " GPUs but only "
                    + e.free()
                    + " are free (not allocated, not cordoned, not behind a drained leaf).")
            .field("gpus")
            .with("requested", e.requested())
            .with("free", e.free()));
  }

  static Rejection quota(TenantName tenant, long tenantId, QuotaExceededException e) {
    return new Rejection(
        rejected(
            tenant,
            tenantId,
            Map.of("requested", e.requested(), "quota", e.quota(), "live", e.live())),
        Refusal.conflict(
                "Quota exceeded",
                "Tenant "
                    + tenant.value()
                    + " has a quota of "
                    + e.quota()
                    + " GPUs and holds "
                    + e.live()
                    + "; "
                    + e.requested()
                    + " more would exceed it by "
                    + (e.live() + e.requested() - e.quota())
                    + ".")
            .field("gpus")
            .with("requested", e.requested())
            .with("quota", e.quota())
            .with("live", e.live()));
  }

  static Rejection pool(TenantName tenant, long tenantId, PoolExhaustedException e) {
    return new Rejection(
        rejected(tenant, tenantId, Map.of("pool", e.pool())),
        Refusal.conflict("Pool exhausted", e.getMessage()).with("pool", e.pool()));
  }

  private static AuditRecord rejected(
      TenantName tenant, long tenantId, Map<String, Object> details) {
    return new AuditRecord(
        "allocation.create",
        "tenant",
        tenant.value(),
        tenant.value(),
        tenantId,
        AuditOutcome.REJECTED,
        details);
  }
}
