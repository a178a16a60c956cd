package io.tenantfabric.controller.security;

import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The authenticated caller: its token id, role and, for a TENANT token, the tenant it is bound to.
 */
public record Actor(UUID tokenId, Role role, Optional<TenantBinding> tenant) {

  /** Validates that exactly TENANT actors carry a tenant. */
  public Actor {
    Objects.requireNonNull(tokenId, "tokenId");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(tenant, "tenant");
    if ((role == Role.TENANT) != tenant.isPresent()) {
      throw new IllegalArgumentException(
          "a tenant is required for TENANT actors and only for them");
    }
  }

  /**
   * True when this actor may address the tenant named {@code tenantName} (path routing only; the
   * use case then checks the id with {@link #sees(long)}).
   */
  public boolean sees(String tenantName) {
    return role != Role.TENANT || tenant.get().name().equals(tenantName);
  }

  /** True when this actor may see the tenant with id {@code tenantId}: what grants access. */
  public boolean sees(long tenantId) {
    return role != Role.TENANT || tenant.get().id() == tenantId;
  }
}
