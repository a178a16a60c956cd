package io.tenantfabric.model.verify;

import java.util.List;
import java.util.function.Function;

/**
 * A stable, readable text form of an {@link AuditReport} for golden files: verdict, switches read,
 * the non-zero counts, each finding with all its fields and evidence, then every tenant port.
 */
public final class AuditReportText {

  private AuditReportText() {}

  /** The report with its evidence in the neutral form of {@link EvidenceText}. */
  public static String render(AuditReport r) {
    return render(r, EvidenceText::lines);
  }

  /** The report with its evidence as {@code evidence} renders it, e.g. in a switch's terms. */
  public static String render(AuditReport r, Function<List<Evidence>, List<String>> evidence) {
    StringBuilder out = new StringBuilder();
    out.append("status ").append(r.status()).append('\n');
    out.append("switches read ").append(r.switchesRead());
    out.append(", unreadable ").append(list(r.unreadable())).append('\n');
    out.append("counts");
    for (FindingKind k : FindingKind.values()) {
      int n = r.counts().get(k);
      if (n > 0) {
        out.append(' ').append(k).append('=').append(n);
      }
    }
    out.append(r.findings().isEmpty() ? " none\n" : "\n");
    for (Finding f : r.findings()) {
      out.append('\n');
      out.append("finding ").append(f.kind());
      out.append(" class ").append(f.findingClass());
      out.append(" severity ").append(f.severity()).append('\n');
      out.append("  switch  ").append(orDash(f.switchName())).append('\n');
      out.append("  port    ").append(orDash(f.port())).append('\n');
      out.append("  tenants ").append(list(f.tenants())).append('\n');
      out.append("  pending ").append(f.pending()).append('\n');
      out.append("  summary ").append(f.summary()).append('\n');
      out.append("  evidence\n");
      evidence.apply(f.evidence()).forEach(line -> out.append("    | ").append(line).append('\n'));
    }
    out.append('\n').append("tenant ports ").append(r.tenantPorts().size()).append('\n');
    for (PortEvidence p : r.tenantPorts()) {
      out.append("  ").append(p.tenant());
      out.append(' ').append(p.switchName()).append(' ').append(p.port());
      out.append(" gpu ").append(orDash(p.gpu()));
      out.append(p.adminUp() ? " up" : " down");
      out.append(" vsi ").append(orDash(p.vsi()));
      out.append(" vni ").append(p.vni() == null ? "-" : p.vni().toString());
      out.append(" acl ").append(orDash(p.inboundAcl()));
      out.append(p.lossless() ? " lossless" : " NOT-LOSSLESS").append('\n');
    }
    return out.toString();
  }

  private static String list(List<String> items) {
    return items.isEmpty() ? "none" : String.join(", ", items);
  }

  private static String orDash(String s) {
    return s == null ? "-" : s;
  }
}
