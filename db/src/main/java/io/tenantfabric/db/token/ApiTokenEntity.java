package io.tenantfabric.db.token;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * One row of {@code api_tokens}: role, for a TENANT token the tenant's id (and its name for
 * display), an optional expiry, and the hex SHA-256 of the secret.
 */
@Entity
@Table(name = "api_tokens")
public class ApiTokenEntity {

  @Id private UUID id;

  @Column(length = 100)
  private String label;

  @Column(nullable = false, length = 16)
  private String role;

  // the tenant's name when the token was issued: display only, never used to grant access
  @Column(length = 29, updatable = false)
  private String tenant;

  @Column(name = "tenant_id", updatable = false)
  private Long tenantId;

  @Column(name = "secret_hash", nullable = false, length = 64, updatable = false)
  private String secretHash;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "created_by", updatable = false)
  private UUID createdBy;

  @Column(name = "expires_at", updatable = false)
  private Instant expiresAt;

  @Column(name = "revoked_at")
  private Instant revokedAt;

  @Column(name = "revoked_reason", length = 200)
  private String revokedReason;

  @Column(name = "last_used_at")
  private Instant lastUsedAt;

  protected ApiTokenEntity() {}

  /** A new, unrevoked token row; {@code tenant} is set for TENANT tokens only. */
  public ApiTokenEntity(
      UUID id,
      String label,
      String role,
      TenantRef tenant,
      String secretHash,
      Instant createdAt,
      Instant expiresAt,
      UUID createdBy) {
    this.id = id;
    this.label = label;
    this.role = role;
    this.tenant = tenant == null ? null : tenant.name();
    this.tenantId = tenant == null ? null : tenant.id();
    this.secretHash = secretHash;
    this.createdAt = createdAt;
    this.expiresAt = expiresAt;
    this.createdBy = createdBy;
  }

  /** A tenant as a token binds it: by id; the name is kept for display. */
  public record TenantRef(long id, String name) {}

  public UUID getId() {
    return id;
  }

  public Optional<String> getLabel() {
    return Optional.ofNullable(label);
  }

  public String getRole() {
    return role;
  }

  /** The tenant's name at issue, for display. */
  public Optional<String> getTenant() {
    return Optional.ofNullable(tenant);
  }

  /** The tenant a TENANT token is bound to; empty for other roles and unbound revoked tokens. */
  public Optional<Long> getTenantId() {
    return Optional.ofNullable(tenantId);
  }

  public String getSecretHash() {
    return secretHash;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Optional<UUID> getCreatedBy() {
    return Optional.ofNullable(createdBy);
  }

  public Optional<Instant> getExpiresAt() {
    return Optional.ofNullable(expiresAt);
  }

  public Optional<Instant> getRevokedAt() {
    return Optional.ofNullable(revokedAt);
  }

  public Optional<String> getRevokedReason() {
    return Optional.ofNullable(revokedReason);
  }

  public Optional<Instant> getLastUsedAt() {
    return Optional.ofNullable(lastUsedAt);
  }

  public boolean isRevoked() {
    return revokedAt != null;
  }

  /** True when the token has an expiry at or before {@code now}. */
  public boolean isExpiredAt(Instant now) {
    return expiresAt != null && !expiresAt.isAfter(now);
  }

  /** Marks the token revoked at {@code when}; revoking twice keeps the first time and reason. */
  public void revoke(Instant when, String reason) {
    if (revokedAt == null) {
      revokedAt = when;
      revokedReason = reason;
    }
  }
}
