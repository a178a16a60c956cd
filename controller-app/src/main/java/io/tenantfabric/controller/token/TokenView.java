package io.tenantfabric.controller.token;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tenantfabric.db.token.ApiTokenEntity;
import java.time.Instant;
import java.util.UUID;

/** A token as listed: everything but the secret (which is not stored) and its hash. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record TokenView(
    UUID id,
    String label,
    String role,
    String tenant,
    Long tenantId,
    Instant createdAt,
    UUID createdBy,
    Instant expiresAt,
    Instant revokedAt,
    String revokedReason,
    Instant lastUsedAt) {

  static TokenView of(ApiTokenEntity e) {
    return new TokenView(
        e.getId(),
        e.getLabel().orElse(null),
        e.getRole(),
        e.getTenant().orElse(null),
        e.getTenantId().orElse(null),
        e.getCreatedAt(),
        e.getCreatedBy().orElse(null),
        e.getExpiresAt().orElse(null),
        e.getRevokedAt().orElse(null),
        e.getRevokedReason().orElse(null),
        e.getLastUsedAt().orElse(null));
  }
}
