package io.tenantfabric.controller.operation;

import io.tenantfabric.db.operation.FabricOperationRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.json.JsonMapper;

/** Stored operations as the API shows them. */
public final class OperationViews {

  /** The states a waiting request returns at: final, or waiting for something outside. */
  public static final Set<String> SETTLED = Set.of("DONE", "FAILED", "CANCELLED", "WAITING");

  private OperationViews() {}

  public static OperationView of(FabricOperationRow row, JsonMapper json) {
    List<String> waitingFor = new ArrayList<>();
    json.readTree(row.waitingForJson()).forEach(w -> waitingFor.add(w.asString()));
    return new OperationView(
        row.id(),
        row.kind(),
        row.state(),
        row.step(),
        waitingFor,
        row.error(),
        row.switches(),
        "REPLACE".equals(row.kind())
            ? json.readValue(row.requestJson(), ReplaceTarget.class)
            : null,
        "GROWTH".equals(row.kind())
            ? json.readValue(row.requestJson(), StoredGrowth.class).plan()
            : null,
        "NIC_SPEED".equals(row.kind())
            ? json.readValue(row.requestJson(), NicSpeedTarget.class)
            : null,
        row.actor(),
        row.createdAt(),
        row.updatedAt(),
        row.finishedAt());
  }
}
