package io.tenantfabric.controller.security;

/** What a token may do; the URL rules per role are in {@link ApiSecurityConfiguration}. */
public enum Role {
  /** Everything. */
  OPERATOR,
  /** The leasing portal: tenants and allocations of any tenant. */
  PORTAL,
  /** One tenant: read it, read and release its allocations. */
  TENANT,
  /** Read-only: fabric, devices and the audit trail. */
  AUDITOR;

  /** The Spring Security authority name of this role, {@code ROLE_<name>}. */
  public String authority() {
    return "ROLE_" + name();
  }
}
