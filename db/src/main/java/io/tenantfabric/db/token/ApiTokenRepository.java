package io.tenantfabric.db.token;

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
   * Revokes every unrevoked TENANT token bound to {@code tenant} and returns how many: a deleted
   * tenant's name may be taken again, and its old tokens must not reach the new tenant.
   */
  @Modifying
  @Query(
      value =
          "UPDATE api_tokens SET revoked_at = now() WHERE role = 'TENANT' AND tenant = :tenant"
              + " AND revoked_at IS NULL",
      nativeQuery = true)
  int revokeTenantTokens(@Param("tenant") String tenant);

  /** True when a live (not deleted) tenant has this name; TENANT tokens are bound to one. */
  @Query(
      value = "SELECT EXISTS (SELECT 1 FROM tenants t WHERE t.name = :name AND t.status = 'LIVE')",
      nativeQuery = true)
  boolean liveTenantExists(@Param("name") String name);
}
