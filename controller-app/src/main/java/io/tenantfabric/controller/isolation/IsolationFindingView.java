package io.tenantfabric.controller.isolation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.tenantfabric.model.verify.Finding;
import io.tenantfabric.southbound.comware.ComwareEvidence;
import java.util.List;

/**
 * A finding as stored and shown: {@code kind}; {@code class} ISOLATION, CONVERGENCE, UNMODELED or
 * UNREADABLE; {@code severity}; the switch and port (null when it is fabric-wide or about no port);
 * the tenants it concerns; {@code pending} (a convergence finding on a switch with a change in
 * flight); a one-line summary; and the observed evidence, in the device's lines ({@link
 * ComwareEvidence}).
 */
record IsolationFindingView(
    String kind,
    @JsonProperty("class") String findingClass,
    String severity,
    @JsonProperty("switch") String switchName,
    String port,
    List<String> tenants,
    boolean pending,
    String summary,
    List<String> evidence) {

  static List<IsolationFindingView> of(List<Finding> findings) {
    return findings.stream()
        .map(
            f ->
                new IsolationFindingView(
                    f.kind().name(),
                    f.findingClass().name(),
                    f.severity().name(),
                    f.switchName(),
                    f.port(),
                    f.tenants(),
                    f.pending(),
                    f.summary(),
                    ComwareEvidence.lines(f.evidence())))
        .toList();
  }
}
