package io.tenantfabric.controller.token;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.db.token.ApiTokenEntity;
import java.time.Instant;
import java.util.UUID;

/** A token as listed: everything but the secret (which is not stored) and its hash. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "Token")
record TokenView(
    UUID id,
    @Schema(nullable = true) String label,
    @Schema(
            allowableValues = {"OPERATOR", "PORTAL", "TENANT", "AUDITOR"},
            description = "The role; more may come")
        String role,
    @Schema(nullable = true) String tenant,
    @Schema(nullable = true) Long tenantId,
    Instant createdAt,
    @Schema(nullable = true) UUID createdBy,
    @Schema(nullable = true) Instant expiresAt,
    @Schema(nullable = true) Instant revokedAt,
    @Schema(nullable = true) String revokedReason,
    @Schema(nullable = true) Instant lastUsedAt) {

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
