package io.tenantfabric.controller.token;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.model.tenant.TenantName;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;

/**
 * Body of {@code POST /api/v1/tokens}: role, the tenant of a TENANT token, an optional label and an
 * optional expiry (an ISO-8601 instant in the future; without one the token lives until it is
 * revoked).
 */
record IssueTokenRequest(
    @NotNull
        @Schema(
            allowableValues = {"OPERATOR", "PORTAL", "TENANT", "AUDITOR"},
            example = "PORTAL")
        @Pattern(
            regexp = "^(OPERATOR|PORTAL|TENANT|AUDITOR)$",
            message = "must be one of OPERATOR, PORTAL, TENANT, AUDITOR")
        String role,
    @Size(max = 29) @Pattern(regexp = TenantName.REGEX, message = "must be a tenant name")
        String tenant,
    @Size(max = 100)
        @Pattern(
            regexp = "^[\\p{L}\\p{N} ._:/@()-]*$",
            message = "may hold letters, digits, spaces and ._:/@()- only")
        @Schema(
            description = "Letters and digits of any script, spaces and ._:/@()-",
            example = "leasing portal")
        String label,
    @Schema(maxLength = 40, description = "An ISO-8601 instant in the future; left out, never")
        Instant expiresAt) {}
