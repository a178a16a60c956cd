package io.tenantfabric.controller.cabling;

import io.tenantfabric.controller.provision.CablingFinding;
import io.tenantfabric.db.lifecycle.CablingCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A stored cabling check as the API shows it. */
final class CablingCheckViews {

  /** Where a waiting request stops waiting. */
  static final Set<String> FINAL = Set.of("DONE", "FAILED");

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private CablingCheckViews() {}

  static CablingCheckView of(CablingCheck c) {
    JsonNode result =
        c.resultJson() == null ? JSON.createObjectNode() : JSON.readTree(c.resultJson());
    List<CablingCheckView.SwitchResult> results = new ArrayList<>();
    for (JsonNode n : result.path("switches")) {
      JsonNode states = n.get("states");
      boolean checked = "CHECKED".equals(n.path("outcome").asString());
      results.add(
          new CablingCheckView.SwitchResult(
              n.path("name").asString(),
              n.path("outcome").asString(),
              text(n.get("error")),
              checked
                  ? new CablingView.Summary(
                      count(states, "UNCHECKED"),
                      count(states, "OK"),
                      count(states, "UNVERIFIED"),
                      count(states, "MISSING"),
                      count(states, "WRONG_PEER"),
                      count(states, "UNEXPECTED"))
                  : null));
    }
    List<CablingCheckView.Change> changes = new ArrayList<>();
    for (JsonNode n : result.path("changes")) {
      changes.add(
          new CablingCheckView.Change(
              n.path("switch").asString(),
              n.path("port").asString(),
              n.path("from").asString(),
              text(n.get("to")),
              text(n.get("seen"))));
    }
    List<CablingFindingView> findings = new ArrayList<>();
    for (JsonNode n : result.path("findings")) {
      findings.add(CablingFindingView.of(finding(n)));
    }
    return new CablingCheckView(
        c.id().toString(),
        c.switches().isEmpty() ? null : c.switches(),
        c.trigger().toLowerCase(Locale.ROOT),
        c.state(),
        c.requestedAt(),
        c.startedAt(),
        c.finishedAt(),
        results,
        result.path("transitions").asInt(0),
        changes,
        findings);
  }

  private static CablingFinding finding(JsonNode n) {
    List<String> tenants = new ArrayList<>();
    n.path("tenants").forEach(t -> tenants.add(t.asString()));
    List<CablingFinding.End> ends = new ArrayList<>();
    for (JsonNode e : n.path("ends")) {
      ends.add(
          new CablingFinding.End(
              e.path("switchName").asString(),
              e.path("port").asString(),
              e.path("state").asString(),
              e.path("gpu").asString(),
              e.path("tenant").asString(),
              e.path("allocation").asString(),
              e.path("planned").asString(),
              text(e.get("seen"))));
    }
    return new CablingFinding(
        n.path("kind").asString(),
        n.path("severity").asString(),
        n.path("summary").asString(),
        tenants,
        ends);
  }

  private static int count(JsonNode states, String state) {
    return states == null ? 0 : states.path(state).asInt(0);
  }

  private static String text(JsonNode n) {
    return n == null || n.isNull() ? null : n.asString();
  }
}
