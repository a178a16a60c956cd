package io.tenantfabric.controller.token;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.UUID;

/** Who the presented token is: what a console or portal needs to know what it may offer. */
record CallerView(
    UUID tokenId,
    @Schema(allowableValues = {"OPERATOR", "PORTAL", "TENANT", "AUDITOR"}) String role,
    @Schema(
            nullable = true,
            maxLength = 29,
            description = "The tenant a TENANT token is bound to; null for other roles")
        String tenant,
    @Schema(nullable = true, description = "When the token stops working; null: never")
        Instant expiresAt) {}
