package io.tenantfabric.db.idempotency;

import java.time.Instant;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** Idempotency records by (token id, scope, key). */
public interface IdempotencyRecordRepository
    extends JpaRepository<IdempotencyRecordEntity, IdempotencyKey> {

  /** Deletes the records expired at {@code now}, at most {@code limit}, and returns how many. */
  @Modifying
  @Query(
      value =
          "DELETE FROM idempotency_records WHERE ctid IN (SELECT ctid FROM idempotency_records"
              + " WHERE expires_at <= :now LIMIT :limit)",
      nativeQuery = true)
  int deleteExpired(@Param("now") Instant now, @Param("limit") int limit);

  /** Deletes every record of the tenant {@code tenantId} (it is being deleted). */
  @Modifying
  @Query(value = "DELETE FROM idempotency_records WHERE tenant_id = :tenantId", nativeQuery = true)
  int deleteByTenant(@Param("tenantId") long tenantId);
}
