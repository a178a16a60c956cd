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

  /**
   * Whether the token of a TENANT actor may act now: its tenant (by id) is live. A deleted tenant's
   * tokens are revoked with it; this check holds even if a revocation was missed.
   */
  @Query(
      value =
          "SELECT EXISTS (SELECT 1 FROM tenants t WHERE t.id = :tenantId AND t.status = 'LIVE')",
      nativeQuery = true)
  boolean tenantIsLive(@Param("tenantId") long tenantId);

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
   * Stamps {@code last_used_at}, at most once a minute per token so that reads do not turn into a
   * write per request.
   */
  @Modifying
  @Query(
      value =
          "UPDATE api_tokens SET last_used_at = now() WHERE id = :id"
              + " AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')",
      nativeQuery = true)
  int touch(@Param("id") UUID id);

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
