package io.tenantfabric.controller.token;

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
        @Pattern(
            regexp = "OPERATOR|PORTAL|TENANT|AUDITOR",
            message = "must be one of OPERATOR, PORTAL, TENANT, AUDITOR")
        String role,
    @Size(max = 29)
        @Pattern(regexp = "^[a-z][a-z0-9-]{1,27}[a-z0-9]$", message = "must be a tenant name")
        String tenant,
    @Size(max = 100)
        @Pattern(
            regexp = "[\\p{L}\\p{N} ._:/@()-]*",
            message = "may hold letters, digits, spaces and ._:/@()- only")
        String label,
    Instant expiresAt) {}
