package io.tenantfabric.db.token;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** One row of {@code api_tokens}: role, optional tenant and the hex SHA-256 of the secret. */
@Entity
@Table(name = "api_tokens")
public class ApiTokenEntity {

  @Id private UUID id;

  @Column(length = 100)
  private String label;

  @Column(nullable = false, length = 16)
  private String role;

  @Column(length = 29)
  private String tenant;

  @Column(name = "secret_hash", nullable = false, length = 64, updatable = false)
  private String secretHash;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "created_by", updatable = false)
  private UUID createdBy;

  @Column(name = "revoked_at")
  private Instant revokedAt;

  @Column(name = "last_used_at")
  private Instant lastUsedAt;

  protected ApiTokenEntity() {}

  /** A new, unrevoked token row. */
  public ApiTokenEntity(
      UUID id,
      String label,
      String role,
      String tenant,
      String secretHash,
      Instant createdAt,
      UUID createdBy) {
    this.id = id;
    this.label = label;
    this.role = role;
    this.tenant = tenant;
    this.secretHash = secretHash;
    this.createdAt = createdAt;
    this.createdBy = createdBy;
  }

  public UUID getId() {
    return id;
  }

  public Optional<String> getLabel() {
    return Optional.ofNullable(label);
  }

  public String getRole() {
    return role;
  }

  public Optional<String> getTenant() {
    return Optional.ofNullable(tenant);
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

  public Optional<Instant> getRevokedAt() {
    return Optional.ofNullable(revokedAt);
  }

  public Optional<Instant> getLastUsedAt() {
    return Optional.ofNullable(lastUsedAt);
  }

  public boolean isRevoked() {
    return revokedAt != null;
  }

  /** Marks the token revoked at {@code when}; revoking twice keeps the first time. */
  public void revoke(Instant when) {
    if (revokedAt == null) {
      revokedAt = when;
    }
  }
}
