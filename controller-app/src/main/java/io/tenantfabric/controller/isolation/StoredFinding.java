package io.tenantfabric.controller.isolation;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A finding as {@code isolation_audits.findings} keeps it: what {@link IsolationFindingView} shows,
 * and, since tenants are matched by id, which tenant each part names: {@code tenantIds} (one per
 * name in {@code tenants}, null for a name that was no live tenant), {@code portTenant} (the tenant
 * the port was allocated to), {@code summaryTenants} and {@code lineTenants} (one list per evidence
 * line). A list names at most two tenants: a part naming two is shown to neither's TENANT token, so
 * more would change nothing. Findings stored before ownership was kept have none of the four
 * ({@link #legacy()}).
 */
record StoredFinding(
    String kind,
    @JsonProperty("class") String findingClass,
    String severity,
    @JsonProperty("switch") String switchName,
    String port,
    List<String> tenants,
    boolean pending,
    String summary,
    List<String> evidence,
    List<Long> tenantIds,
    Long portTenant,
    List<Long> summaryTenants,
    List<List<Long>> lineTenants) {

  /** Stored before ownership was kept: it names tenants only by a name that may since be reused. */
  boolean legacy() {
    return tenantIds == null || lineTenants == null || summaryTenants == null;
  }

  /**
   * Whether the finding concerns tenant {@code id}: by id; a {@link #legacy()} one by {@code name},
   * and only when that name was the tenant's when the audit ran ({@code nameWasTheirs}).
   */
  boolean concerns(long id, String name, boolean nameWasTheirs) {
    if (legacy()) {
      return nameWasTheirs && tenants != null && tenants.contains(name);
    }
    return tenantIds.contains(id);
  }

  /** The finding as OPERATOR, PORTAL and AUDITOR see it: everything. */
  IsolationFindingView view() {
    return new IsolationFindingView(
        kind,
        findingClass,
        severity,
        switchName,
        port,
        tenants,
        pending,
        summary,
        evidence == null ? List.of() : evidence);
  }
}
