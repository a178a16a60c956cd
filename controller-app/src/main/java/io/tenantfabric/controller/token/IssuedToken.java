package io.tenantfabric.controller.token;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.UUID;

/** Answer of {@code POST /api/v1/tokens}: the only time the secret {@code token} is shown. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "IssuedToken")
record IssuedToken(
    UUID id,
    String token,
    @Schema(
            allowableValues = {"OPERATOR", "PORTAL", "TENANT", "AUDITOR"},
            description = "The role; more may come")
        String role,
    @Schema(nullable = true) String tenant,
    @Schema(nullable = true) String label,
    Instant createdAt,
    @Schema(nullable = true) Instant expiresAt) {}
