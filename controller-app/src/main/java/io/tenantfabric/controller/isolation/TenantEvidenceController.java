package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TenantAccess;
import io.tenantfabric.controller.tenant.TenantNames;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/tenants/{tenant}/isolation}: the tenant's isolation evidence with a receipt. A
 * TENANT token reads its own tenant's (by id; any other is a 404) and sees of other tenants only
 * that there are some; PORTAL, OPERATOR and AUDITOR read any tenant's, whole. Each token may read
 * {@code fabric.isolation.evidence-reads-per-minute} times a minute (429 above).
 */
@RestController
class TenantEvidenceController {

  private final TenantAccess access;
  private final EvidenceReadLimiter limiter;
  private final ShowTenantEvidence show;

  TenantEvidenceController(
      TenantAccess access, EvidenceReadLimiter limiter, ShowTenantEvidence show) {
    this.access = access;
    this.limiter = limiter;
    this.show = show;
  }

  @GetMapping("/api/v1/tenants/{tenant}/isolation")
  TenantEvidence evidence(@PathVariable String tenant) {
    access.requireVisible(tenant);
    Actor actor = CurrentActor.get();
    limiter.admit(actor.tokenId());
    return show.show(TenantNames.parse(tenant, "tenant"), actor.role() == Role.TENANT);
  }
}
