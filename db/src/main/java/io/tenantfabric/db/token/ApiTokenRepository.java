package io.tenantfabric.db.token;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** API tokens by id and by secret hash. */
public interface ApiTokenRepository extends JpaRepository<ApiTokenEntity, UUID> {

  /** The token whose secret hashes to {@code secretHash} (unique index), revoked or not. */
  Optional<ApiTokenEntity> findBySecretHash(String secretHash);

  /** Every token, oldest first. */
  List<ApiTokenEntity> findAllByOrderByCreatedAtAscIdAsc();

  /** Whether an unrevoked OPERATOR token exists that has not expired at {@code now}. */
  @Query(
      value =
          "SELECT EXISTS (SELECT 1 FROM api_tokens WHERE role = 'OPERATOR' AND revoked_at IS NULL"
              + " AND (expires_at IS NULL OR expires_at > :now))",
      nativeQuery = true)
  boolean usableOperatorExists(@Param("now") Instant now);

  /**
   * Revokes every unrevoked TENANT token bound to the tenant {@code tenantId} and returns how many.
   */
  @Modifying
  @Query(
      value =
          "UPDATE api_tokens SET revoked_at = now(), revoked_reason = :reason"
              + " WHERE role = 'TENANT' AND tenant_id = :tenantId AND revoked_at IS NULL",
      nativeQuery = true)
  int revokeTenantTokens(@Param("tenantId") long tenantId, @Param("reason") String reason);

  /** Takes a transaction-scoped advisory lock that serialises bootstrap between instances. */
  @Query(
      value = "SELECT pg_advisory_xact_lock(hashtext('tenant-fabric.api_tokens.bootstrap'))::text",
      nativeQuery = true)
  String lockBootstrap();
}
