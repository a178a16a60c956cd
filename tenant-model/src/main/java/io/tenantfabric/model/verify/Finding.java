package io.tenantfabric.model.verify;

import java.util.List;
import java.util.Objects;

/**
 * One finding: its kind (class and severity follow from it), the switch and port it is on (null
 * when fabric-wide or about no port), the tenants it concerns (sorted), whether it is pending (a
 * convergence finding on a switch with a generation in flight), a one-line summary, and the
 * observed objects it rests on, in order ({@link Evidence}: what the switch showed, or the steps of
 * a segment across switches).
 */
public record Finding(
    FindingKind kind,
    String switchName,
    String port,
    List<String> tenants,
    boolean pending,
    String summary,
    List<Evidence> evidence) {

  public Finding {
    Objects.requireNonNull(kind, "kind");
    tenants = List.copyOf(tenants);
    Objects.requireNonNull(summary, "summary");
    evidence = List.copyOf(evidence);
  }

  public FindingClass findingClass() {
    return kind.findingClass();
  }

  public Severity severity() {
    return kind.severity();
  }
}
