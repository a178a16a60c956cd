package io.tenantfabric.controller.security;

/** Tenant scoping for controllers: a TENANT token sees its own tenant only. */
public interface TenantAccess {

  /**
   * Returns normally when the current actor may see {@code tenant}.
   *
   * @throws io.tenantfabric.controller.web.Refusal (404, never 403) when a TENANT token asks for
   *     another tenant, so that other tenants' names do not leak
   */
  void requireVisible(String tenant);
}
