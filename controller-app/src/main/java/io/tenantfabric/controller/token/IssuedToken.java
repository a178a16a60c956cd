package io.tenantfabric.controller.token;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.UUID;

/** Answer of {@code POST /api/v1/tokens}: the only time the secret {@code token} is shown. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record IssuedToken(
    UUID id,
    String token,
    String role,
    String tenant,
    String label,
    Instant createdAt,
    Instant expiresAt) {}
