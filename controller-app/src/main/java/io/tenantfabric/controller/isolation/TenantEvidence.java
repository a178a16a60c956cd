package io.tenantfabric.controller.isolation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/**
 * Body of {@code GET /api/v1/tenants/{tenant}/isolation}: every port the tenant's live allocations
 * hold, each as the latest audit observed it on the switch ({@code observed} null when no audit has
 * read it yet); the findings concerning the tenant (by id) in those audits and the latest one; the
 * latest of those audits; {@code digest}, SHA-256 over the compact JSON of {@code {"ports": ...,
 * "findings": ...}} as returned (to a TENANT token, with other tenants left out); and {@code
 * receipt}, the audit-trail event that records this evidence was shown (check it with {@code GET
 * /api/v1/audits/events/receipt?id=&hash=}).
 */
@Schema(name = "TenantEvidence")
record TenantEvidence(
    String tenant,
    List<PortEvidenceView> ports,
    List<IsolationFindingView> findings,
    @Schema(nullable = true) AuditRef audit,
    @Schema(nullable = true) String digest,
    @Schema(nullable = true) Receipt receipt) {

  /** A port as the switch showed it to an audit. */
  @Schema(name = "PortEvidence")
  record PortEvidenceView(
      @JsonProperty("switch") String switchName,
      String port,
      @Schema(nullable = true) String gpu,
      @Schema(nullable = true) String server,
      @Schema(nullable = true) String allocation,
      @Schema(nullable = true) String allocationStatus,
      @Schema(nullable = true) Observed observed,
      @Schema(nullable = true) String auditId,
      @Schema(nullable = true) Instant observedAt) {}

  /** What the switch ran on the port: admin state, VSI and its VNI, inbound ACL, lossless. */
  @Schema(name = "ObservedPort")
  record Observed(
      boolean adminUp,
      @Schema(nullable = true) String vsi,
      @Schema(nullable = true) Integer vni,
      @Schema(nullable = true) String inboundAcl,
      boolean lossless) {}

  /** The latest audit the evidence comes from. */
  @Schema(name = "AuditRef")
  record AuditRef(String id, String status, @Schema(nullable = true) Instant finishedAt) {}

  /** An audit-trail event by id and hash. */
  @Schema(name = "EvidenceReceipt")
  record Receipt(long eventId, String hash) {}
}
