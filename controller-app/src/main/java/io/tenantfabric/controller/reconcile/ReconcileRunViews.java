package io.tenantfabric.controller.reconcile;

import io.tenantfabric.controller.drift.DriftJson;
import io.tenantfabric.db.provisioning.ReconcileRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** A stored run as the API shows it. */
final class ReconcileRunViews {

  /** Where a waiting request stops waiting. */
  static final Set<String> FINAL = Set.of("DONE", "FAILED");

  private static final Set<String> DRIFT = Set.of("DRIFTED", "REPAIRING", "REPAIRED");

  private ReconcileRunViews() {}

  static ReconcileRunView of(ReconcileRun run) {
    List<ReconcileRunView.SwitchResult> switches = new ArrayList<>();
    if (run.resultJson() != null) {
      for (JsonNode n : DriftJson.parse(run.resultJson())) {
        JsonNode generation = n.get("repairGeneration");
        JsonNode error = n.get("error");
        switches.add(
            new ReconcileRunView.SwitchResult(
                n.get("switch").asString(),
                n.get("outcome").asString(),
                DriftJson.read(n.get("items")),
                error == null || error.isNull() ? null : error.asString(),
                generation == null || generation.isNull() ? null : generation.asLong()));
      }
    }
    int drifted = 0;
    int unreachable = 0;
    for (ReconcileRunView.SwitchResult s : switches) {
      if (DRIFT.contains(s.outcome()) || !s.items().isEmpty()) {
        drifted++;
      } else if ("UNREACHABLE".equals(s.outcome())) {
        unreachable++;
      }
    }
    return new ReconcileRunView(
        run.id().toString(),
        "FABRIC".equals(run.scope()) ? "fabric" : run.scope(),
        run.policy().toLowerCase(Locale.ROOT),
        run.trigger().toLowerCase(Locale.ROOT),
        run.state(),
        run.requestedAt(),
        run.startedAt(),
        run.finishedAt(),
        drifted,
        unreachable,
        switches);
  }
}
