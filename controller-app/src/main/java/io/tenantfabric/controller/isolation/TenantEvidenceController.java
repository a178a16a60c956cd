package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.security.TenantAccess;
import io.tenantfabric.controller.tenant.TenantNames;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/tenants/{tenant}/isolation}: the tenant's isolation evidence with a receipt. A
 * TENANT token reads its own tenant's (by id; any other is a 404), PORTAL, OPERATOR and AUDITOR any
 * tenant's.
 */
@RestController
class TenantEvidenceController {

  private final TenantAccess access;
  private final ShowTenantEvidence show;

  TenantEvidenceController(TenantAccess access, ShowTenantEvidence show) {
    this.access = access;
    this.show = show;
  }

  @GetMapping("/api/v1/tenants/{tenant}/isolation")
  TenantEvidence evidence(@PathVariable String tenant) {
    access.requireVisible(tenant);
    return show.show(TenantNames.parse(tenant, "tenant"));
  }
}
