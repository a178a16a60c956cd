package io.tenantfabric.db.audit;

import java.util.List;
import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** Appends to, filters and walks the audit chain. */
public interface AuditEventRepository
    extends JpaRepository<AuditEventEntity, Long>, JpaSpecificationExecutor<AuditEventEntity> {

  /**
   * Appends one event; the database trigger assigns id, prev_hash and hash under the chain lock.
   * {@code detailsJson} must be a JSON object.
   */
  @Modifying
  @Query(
      value =
          "INSERT INTO audit_events (actor_token_id, actor_role, action, target_type, target,"
              + " tenant, request_id, outcome, details, prev_hash, hash) VALUES (:actorTokenId,"
              + " :actorRole, :action, :targetType, :target, :tenant, :requestId, :outcome,"
              + " CAST(:details AS jsonb), '', '')",
      nativeQuery = true)
  int append(
      @Param("actorTokenId") UUID actorTokenId,
      @Param("actorRole") String actorRole,
      @Param("action") String action,
      @Param("targetType") String targetType,
      @Param("target") String target,
      @Param("tenant") String tenant,
      @Param("requestId") String requestId,
      @Param("outcome") String outcome,
      @Param("details") String detailsJson);

  /**
   * The next {@code limit} rows after {@code afterId} in chain order, as the raw fields of the
   * canonical form (see {@link AuditChainRow}).
   */
  @Query(
      value =
          "SELECT e.id AS id, (extract(epoch FROM e.occurred_at) * 1000000)::bigint AS"
              + " occurredAtMicros, e.actor_token_id::text AS actorTokenId, e.actor_role AS"
              + " actorRole, e.action AS action, e.target_type AS targetType, e.target AS target,"
              + " e.tenant AS tenant, e.request_id AS requestId, e.outcome AS outcome,"
              + " e.details::text AS details, e.prev_hash AS prevHash, e.hash AS hash FROM"
              + " audit_events e WHERE e.id > :afterId ORDER BY e.id LIMIT :limit",
      nativeQuery = true)
  List<AuditChainRow> chainAfter(@Param("afterId") long afterId, @Param("limit") int limit);
}
