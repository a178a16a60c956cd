package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.tenant.Tenants;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.isolation.IsolationAuditRow;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import io.tenantfabric.db.isolation.ObservedPortRow;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.model.tenant.TenantName;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tenant's isolation evidence, from what the switches showed the audits (never from the
 * database's belief), and a receipt: showing it appends an {@code isolation.evidence} event for the
 * tenant (by id) with the digest of exactly what was shown, whose id and hash the tenant keeps.
 * Findings are the tenant's by id ({@link StoredFinding#concerns}); a TENANT token sees of another
 * tenant only that there is one ({@link TenantFindingView}, {@link TenantPortView}).
 */
@Component
class ShowTenantEvidence {

  private final Tenants tenants;
  private final IsolationAuditStore audits;
  private final IsolationAuditViews views;
  private final AuditTrail audit;
  private final Transactions tx;
  private final JsonMapper json;

  ShowTenantEvidence(
      Tenants tenants,
      IsolationAuditStore audits,
      IsolationAuditViews views,
      AuditTrail audit,
      Transactions tx,
      JsonMapper json) {
    this.tenants = tenants;
    this.audits = audits;
    this.views = views;
    this.audit = audit;
    this.tx = tx;
    this.json = json;
  }

  /**
   * The evidence of tenant {@code name}; {@code asTenant}: as the tenant's own token may see it.
   */
  TenantEvidence show(TenantName name, boolean asTenant) {
    return tx.write(
        () -> {
          TenantEntity tenant = tenants.live(name);
          Map<String, ObservedPortRow> observed = new LinkedHashMap<>();
          for (ObservedPortRow r : audits.latestPorts(tenant.id())) {
            observed.put(r.switchName() + " " + r.port(), r);
          }
          List<TenantEvidence.PortEvidenceView> ports = new ArrayList<>();
          LinkedHashSet<UUID> used = new LinkedHashSet<>();
          for (IsolationAuditStore.TenantPortRow p : audits.tenantPorts(tenant.id())) {
            ObservedPortRow o = observed.get(p.leaf() + " " + p.port());
            if (o != null) {
              used.add(o.auditId());
            }
            ports.add(
                new TenantEvidence.PortEvidenceView(
                    p.leaf(),
                    p.port(),
                    p.gpu(),
                    p.server(),
                    p.allocation().toString(),
                    p.status(),
                    o == null ? null : observed(o, asTenant ? tenant : null),
                    o == null ? null : o.auditId().toString(),
                    o == null ? null : o.observedAt()));
          }
          List<IsolationFindingView> findings = new ArrayList<>();
          IsolationAuditRow latest = null;
          for (UUID id : used) {
            Optional<IsolationAuditRow> row = audits.find(id);
            if (row.isEmpty()) {
              continue; // pruned: what it observed stays, its findings are gone
            }
            if (latest == null || row.get().finishedAt().isAfter(latest.finishedAt())) {
              latest = row.get();
            }
            addFindingsOf(row.get(), tenant, asTenant, findings);
          }
          // findings about the tenant elsewhere (another tenant's ACL that reaches its prefix, a
          // VSI of its name where it has no port) are in the latest audit, whatever it read
          audits
              .latestFinished()
              .filter(r -> !used.contains(r.id()))
              .ifPresent(r -> addFindingsOf(r, tenant, asTenant, findings));
          String digest = digest(ports, findings);
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("digest", digest);
          details.put("ports", ports.size());
          details.put("findings", findings.size());
          details.put("audits", used.stream().map(UUID::toString).toList());
          audit.record(
              new AuditRecord(
                  "isolation.evidence",
                  "tenant",
                  tenant.name(),
                  tenant.name(),
                  tenant.id(),
                  AuditOutcome.SUCCESS,
                  details));
          IsolationAuditStore.EventRef receipt =
              audits.latestEvent("isolation.evidence", tenant.id()).orElseThrow();
          return new TenantEvidence(
              tenant.name(),
              ports,
              findings,
              latest == null
                  ? null
                  : new TenantEvidence.AuditRef(
                      latest.id().toString(), latest.status(), latest.finishedAt()),
              digest,
              new TenantEvidence.Receipt(receipt.id(), receipt.hash()));
        });
  }

  private void addFindingsOf(
      IsolationAuditRow audit,
      TenantEntity tenant,
      boolean asTenant,
      List<IsolationFindingView> into) {
    // an audit that read the live tenants after this one was created knew it by this name
    Instant ran = audit.startedAt() == null ? audit.requestedAt() : audit.startedAt();
    boolean nameWasTheirs = tenant.createdAt().isBefore(ran);
    for (StoredFinding f : views.findings(audit)) {
      if (!f.concerns(tenant.id(), tenant.name(), nameWasTheirs)) {
        continue;
      }
      IsolationFindingView v =
          asTenant ? TenantFindingView.of(f, tenant.id(), tenant.name()) : f.view();
      if (!into.contains(v)) {
        into.add(v);
      }
    }
  }

  /** What the switch ran on the port; for the tenant's own token ({@code viewer}) redacted. */
  private TenantEvidence.Observed observed(ObservedPortRow r, TenantEntity viewer) {
    JsonNode o = json.readTree(r.observedJson());
    TenantEvidence.Observed seen =
        new TenantEvidence.Observed(
            o.path("adminUp").asBoolean(),
            text(o, "vsi"),
            o.path("vni").isNull() || o.path("vni").isMissingNode() ? null : o.path("vni").asInt(),
            text(o, "inboundAcl"),
            o.path("lossless").asBoolean());
    if (viewer == null) {
      return seen;
    }
    return TenantPortView.of(
        seen, o.get("owners"), viewer.id(), viewer.name(), viewer.vni().orElse(null));
  }

  private String digest(
      List<TenantEvidence.PortEvidenceView> ports, List<IsolationFindingView> findings) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("ports", ports);
    body.put("findings", findings);
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256")
              .digest(json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK lacks SHA-256", e);
    }
  }

  private static String text(JsonNode o, String field) {
    JsonNode v = o.get(field);
    return v == null || v.isNull() ? null : v.asString();
  }
}
