package io.tenantfabric.model.verify;

import java.util.List;
import java.util.Map;

/**
 * The verdict, the findings (sorted: class, kind, switch, port), their number by kind (every kind,
 * zeros included), how many switches were read, which could not be, and every tenant port as it was
 * observed.
 */
public record AuditReport(
    AuditStatus status,
    List<Finding> findings,
    Map<FindingKind, Integer> counts,
    int switchesRead,
    List<String> unreadable,
    List<PortEvidence> tenantPorts) {

  public AuditReport {
    findings = List.copyOf(findings);
    counts = Map.copyOf(counts);
    unreadable = List.copyOf(unreadable);
    tenantPorts = List.copyOf(tenantPorts);
  }
}
