package io.tenantfabric.controller.isolation;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.ApiParameters;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.TenantPath;
import io.tenantfabric.controller.refusal.Refusal;
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
@Tag(name = "isolation")
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
  @Operation(
      operationId = "getTenantIsolation",
      summary = "Read a tenant's isolation evidence",
      description =
          "The tenant's ports as the last audit observed them and the findings that involve it,"
              + " with a receipt: the audit event that records exactly what was shown. A TENANT"
              + " token sees its own ports and, for a finding that involves someone else, only"
              + " \"another tenant\". Reads are limited per token (429).")
  @ApiResponse(responseCode = "200", description = "The evidence")
  @Access(
      value = {Role.OPERATOR, Role.PORTAL, Role.TENANT, Role.AUDITOR},
      tenantScope = ApiParameters.OWN_TENANT)
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.TOO_MANY})
  TenantEvidence evidence(@TenantPath @PathVariable String tenant) {
    access.requireVisible(tenant);
    Actor actor = CurrentActor.get();
    limiter.admit(actor.tokenId());
    return show.show(TenantNames.parse(tenant, "tenant"), actor.role() == Role.TENANT);
  }
}
