package io.tenantfabric.db.audit;

import java.time.Instant;
import org.springframework.data.jpa.domain.Specification;

/** Query filters over {@link AuditEventEntity}, combined with {@code and}; null means "any". */
public final class AuditEventFilters {

  private AuditEventFilters() {}

  /** Events concerning {@code tenant}, or all when null. */
  public static Specification<AuditEventEntity> tenant(String tenant) {
    return (root, query, cb) -> tenant == null ? null : cb.equal(root.get("tenant"), tenant);
  }

  /** Events concerning the tenant with id {@code tenantId}, or all when null. */
  public static Specification<AuditEventEntity> tenantId(Long tenantId) {
    return (root, query, cb) -> tenantId == null ? null : cb.equal(root.get("tenantId"), tenantId);
  }

  /** Events after {@code afterId} (keyset paging), or all when null. */
  public static Specification<AuditEventEntity> afterId(Long afterId) {
    return (root, query, cb) ->
        afterId == null ? null : cb.greaterThan(root.<Long>get("id"), afterId);
  }

  /** Events of {@code action}, or all when null. */
  public static Specification<AuditEventEntity> action(String action) {
    return (root, query, cb) -> action == null ? null : cb.equal(root.get("action"), action);
  }

  /** Events at or after {@code since}, or all when null. */
  public static Specification<AuditEventEntity> since(Instant since) {
    return (root, query, cb) ->
        since == null ? null : cb.greaterThanOrEqualTo(root.<Instant>get("occurredAt"), since);
  }
}
