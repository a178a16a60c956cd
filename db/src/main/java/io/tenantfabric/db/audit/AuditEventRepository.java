package io.tenantfabric.db.audit;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** Appends to, filters and walks the audit chain. */
public interface AuditEventRepository
    extends JpaRepository<AuditEventEntity, Long>, JpaSpecificationExecutor<AuditEventEntity> {

  /** The action of the events that record a verified stretch of the chain. */
  String CHECKPOINT_ACTION = "audit.checkpoint";

  /**
   * The next {@code limit} rows after {@code afterId} in chain order, as the raw fields of the
   * canonical form.
   */
  default List<AuditChainRow> chainAfter(long afterId, int limit) {
    return chainAfterRaw(afterId, limit).stream().map(AuditChainRow::of).toList();
  }

  /**
   * The columns of {@link AuditChainRow}, in its order (plain arrays: a page of the chain is read
   * on every verification, and per-row projection proxies cost more than the hashing).
   */
  @Query(
      value =
          "SELECT e.id, (extract(epoch FROM e.occurred_at) * 1000000)::bigint, e.actor_token_id::text,"
              + " e.actor_role, e.action, e.target_type, e.target, e.tenant, e.tenant_id::text,"
              + " e.request_id, e.outcome, e.details::text, e.prev_hash, e.hash, e.form"
              + " FROM audit_events e WHERE e.id > :afterId ORDER BY e.id LIMIT :limit",
      nativeQuery = true)
  List<Object[]> chainAfterRaw(@Param("afterId") long afterId, @Param("limit") int limit);

  /** The row {@code id} in the raw form of {@link #chainAfter}, if it exists. */
  default Optional<AuditChainRow> chainRow(long id) {
    return chainAfter(id - 1, 1).stream().filter(r -> r.id() == id).findFirst();
  }

  /**
   * The id of the latest trusted checkpoint event, if any: one that {@link AuditCheckpointWriter}
   * appended through the owner's function, which walked the stretch it vouches for (an {@code
   * audit.checkpoint} event written any other way is not listed in {@code audit_checkpoints}).
   */
  @Query(value = "SELECT max(c.event_id) FROM audit_checkpoints c", nativeQuery = true)
  Optional<Long> latestTrustedCheckpointId();

  /** The newest event, the head of the chain; empty when the trail is empty. */
  Optional<AuditEventEntity> findFirstByOrderByIdDesc();

  /** The id and hash of the newest event: {@code [id, hash]}, empty when the trail is empty. */
  @Query(
      value = "SELECT e.id, e.hash FROM audit_events e ORDER BY e.id DESC LIMIT 1",
      nativeQuery = true)
  List<Object[]> headRaw();
}
