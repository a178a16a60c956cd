package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.transaction.CallerContext;
import io.tenantfabric.db.jdbc.RoundTrip;
import io.tenantfabric.model.tenant.TenantName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The audit trail of allocations made in a group: each allocation's event, written with the group's
 * other writes and as its own request's, and each refusal, recorded once the group's transaction is
 * over.
 */
@Component
class AllocationAudit {

  private final AuditTrail audit;

  AllocationAudit(AuditTrail audit) {
    this.audit = audit;
  }

  /** The event of allocation {@code id}: its GPUs, its leaves and the key it was made with. */
  static AuditRecord created(
      TenantName tenant,
      long tenantId,
      UUID id,
      int gpus,
      Set<String> leaves,
      Optional<ClientKey> key) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("gpus", gpus);
    details.put("leaves", List.copyOf(leaves));
    key.ifPresent(k -> details.put("idempotencyKey", k.key()));
    return new AuditRecord(
        "allocation.create",
        "allocation",
        id.toString(),
        tenant.value(),
        tenantId,
        AuditOutcome.SUCCESS,
        details);
  }

  /** {@code record} stamped as the event of {@code caller}'s request. */
  AuditTrail.Stamped stamp(CallerContext caller, AuditRecord record) {
    return caller.call(() -> audit.stamp(record));
  }

  /** Adds {@code events} to {@code trip}: last, so the chain's lock is held only to the commit. */
  void append(List<AuditTrail.Stamped> events, RoundTrip trip) {
    audit.append(events, trip);
  }

  /** Records {@code refusal} as {@code caller}'s, after the transaction that refused it. */
  void rejected(CallerContext caller, Rejection refusal) {
    caller.call(
        () -> {
          audit.recordRejection(refusal.audit());
          return null;
        });
  }
}
