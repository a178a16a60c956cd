package io.tenantfabric.controller.isolation;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A stored finding as a TENANT token sees it. A finding that names no one else is shown whole.
 * Otherwise every other tenant becomes {@value #ANOTHER_TENANT}; the port is shown only when it is
 * the tenant's own (or free); the summary, which may name the others, becomes one sentence per
 * kind; and of the evidence only the lines that name no one else are shown, each run of hidden
 * lines standing as one {@value #HIDDEN_LINES}. A finding stored before ownership was kept cannot
 * tell whose a line is, so it shows its kind, switch and tenants that way and no port nor line.
 */
final class TenantFindingView {

  /** What a TENANT token reads for any tenant but itself. */
  static final String ANOTHER_TENANT = "another tenant";

  /** Stands for a run of evidence lines that name another tenant. */
  static final String HIDDEN_LINES = "(another tenant's lines are not shown)";

  private static final String SOMEONE_ELSE = "A finding that involves another tenant.";

  private static final Map<String, String> SUMMARIES =
      Map.of(
          "FOREIGN_PORT_IN_VSI", "A port is bound into the VSI of a tenant it is not allocated to.",
          "SHARED_SEGMENT", "One VNI or VSI serves this tenant and another tenant.",
          "VNI_MISMATCH", "A tenant VSI carries a VNI that is not its tenant's.",
          "ACL_WRONG",
              "A tenant ACL lets a port reach another tenant's prefix, or filters"
                  + " the wrong way.",
          "CROSS_TENANT_PATH", "Ports of this tenant and another tenant share one layer-2 segment.",
          "UNMODELED_CONFIG", "The switch runs configuration the model cannot express.",
          "UNREADABLE", "The switch could not be read.");

  private TenantFindingView() {}

  /** {@code f} as tenant {@code id} (named {@code name}) sees it. */
  static IsolationFindingView of(StoredFinding f, long id, String name) {
    if (f.legacy()) {
      return new IsolationFindingView(
          f.kind(),
          f.findingClass(),
          f.severity(),
          f.switchName(),
          null,
          names(f.tenants(), null, id, name),
          f.pending(),
          summary(f.kind()),
          List.of());
    }
    if (!namesAnotherTenant(f, id)) {
      return f.view();
    }
    return new IsolationFindingView(
        f.kind(),
        f.findingClass(),
        f.severity(),
        f.switchName(),
        f.portTenant() == null || f.portTenant() == id ? f.port() : null,
        names(f.tenants(), f.tenantIds(), id, name),
        f.pending(),
        summary(f.kind()),
        lines(f.evidence(), f.lineTenants(), id));
  }

  private static boolean namesAnotherTenant(StoredFinding f, long id) {
    for (Long t : f.tenantIds()) {
      if (!Objects.equals(t, id)) {
        return true; // another live tenant, or a name that was none: not the caller's either way
      }
    }
    if (f.portTenant() != null && f.portTenant() != id) {
      return true;
    }
    if (others(f.summaryTenants(), id)) {
      return true;
    }
    for (List<Long> line : f.lineTenants()) {
      if (others(line, id)) {
        return true;
      }
    }
    return false;
  }

  private static boolean others(List<Long> ids, long id) {
    return ids.stream().anyMatch(t -> !Objects.equals(t, id));
  }

  // the caller keeps its name (matched by id, or by name where the audit had no ids); the rest
  // are one "another tenant"
  private static List<String> names(List<String> names, List<Long> ids, long id, String name) {
    LinkedHashSet<String> out = new LinkedHashSet<>();
    for (int i = 0; i < names.size(); i++) {
      boolean own = ids == null ? names.get(i).equals(name) : Objects.equals(ids.get(i), id);
      out.add(own ? names.get(i) : ANOTHER_TENANT);
    }
    return List.copyOf(out);
  }

  private static List<String> lines(List<String> lines, List<List<Long>> owners, long id) {
    List<String> out = new ArrayList<>();
    boolean hiding = false;
    for (int i = 0; i < lines.size(); i++) {
      boolean hidden = i >= owners.size() || others(owners.get(i), id);
      if (hidden && !hiding) {
        out.add(HIDDEN_LINES);
      } else if (!hidden) {
        out.add(lines.get(i));
      }
      hiding = hidden;
    }
    return out;
  }

  private static String summary(String kind) {
    return SUMMARIES.getOrDefault(kind, SOMEONE_ELSE);
  }
}
