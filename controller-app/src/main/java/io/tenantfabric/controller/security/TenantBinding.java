package io.tenantfabric.controller.security;

import java.util.Objects;

/**
 * The tenant a TENANT token is bound to: its id, which is what grants access, and its name, which
 * only routes the request ({@code /api/v1/tenants/{name}}) and is reusable after a delete.
 */
public record TenantBinding(long id, String name) {

  /** Validates the name is present. */
  public TenantBinding {
    Objects.requireNonNull(name, "name");
  }
}
