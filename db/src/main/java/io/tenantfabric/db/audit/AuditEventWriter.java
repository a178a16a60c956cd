package io.tenantfabric.db.audit;

import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Appends audit events in the caller's transaction, in plain JDBC: a native query through JPA would
 * flush the whole persistence context before every event (Hibernate cannot tell which tables a
 * native statement reads), and a group of allocations writes one event per allocation. The database
 * trigger assigns id, form, prev_hash and hash under the chain lock.
 */
@Repository
public class AuditEventWriter {

  private final JdbcTemplate jdbc;

  AuditEventWriter(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** Appends one event; {@code detailsJson} must be a JSON object. */
  public void append(
      UUID actorTokenId,
      String actorRole,
      String action,
      String targetType,
      String target,
      String tenant,
      Long tenantId,
      String requestId,
      String outcome,
      String detailsJson) {
    jdbc.update(
        "INSERT INTO audit_events (actor_token_id, actor_role, action, target_type, target,"
            + " tenant, tenant_id, request_id, outcome, details, prev_hash, hash)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, CAST(? AS jsonb), '', '')",
        actorTokenId,
        actorRole,
        action,
        targetType,
        target,
        tenant,
        tenantId,
        requestId,
        outcome,
        detailsJson);
  }
}
