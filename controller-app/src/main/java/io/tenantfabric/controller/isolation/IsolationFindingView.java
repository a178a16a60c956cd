package io.tenantfabric.controller.isolation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A finding as shown: {@code kind}; {@code class} ISOLATION, CONVERGENCE, UNMODELED or UNREADABLE;
 * {@code severity}; the switch and port (null when it is fabric-wide or about no port); the tenants
 * it concerns; {@code pending} (a convergence finding on a switch with a change in flight); a
 * one-line summary; and the observed evidence, in the device's lines (rendered by southbound's
 * {@code ComwareEvidence} when the audit was stored, {@link StoredFinding}). A TENANT token sees
 * its own findings through {@link TenantFindingView}.
 */
@Schema(name = "IsolationFinding")
record IsolationFindingView(
    String kind,
    @JsonProperty("class") String findingClass,
    String severity,
    @Schema(nullable = true, description = "The switch; null for a finding across switches")
        @JsonProperty("switch")
        String switchName,
    @Schema(nullable = true) String port,
    List<String> tenants,
    boolean pending,
    String summary,
    List<String> evidence) {}
