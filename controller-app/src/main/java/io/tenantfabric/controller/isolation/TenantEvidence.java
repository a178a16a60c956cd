package io.tenantfabric.controller.isolation;

import com.fasterxml.jackson.annotation.JsonProperty;
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
record TenantEvidence(
    String tenant,
    List<PortEvidenceView> ports,
    List<IsolationFindingView> findings,
    AuditRef audit,
    String digest,
    Receipt receipt) {

  /** A port as the switch showed it to an audit. */
  record PortEvidenceView(
      @JsonProperty("switch") String switchName,
      String port,
      String gpu,
      String server,
      String allocation,
      String allocationStatus,
      Observed observed,
      String auditId,
      Instant observedAt) {}

  /** What the switch ran on the port: admin state, VSI and its VNI, inbound ACL, lossless. */
  record Observed(boolean adminUp, String vsi, Integer vni, String inboundAcl, boolean lossless) {}

  /** The latest audit the evidence comes from. */
  record AuditRef(String id, String status, Instant finishedAt) {}

  /** An audit-trail event by id and hash. */
  record Receipt(long eventId, String hash) {}
}
