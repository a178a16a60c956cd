package io.tenantfabric.db.operation;

import java.util.Objects;
import java.util.UUID;

/**
 * What one step of an operation leaves stored: its state and step, what it waits for (a JSON
 * array), its error (exactly when FAILED) and its progress (a JSON object). A final state ends the
 * operation and releases its switches.
 */
public record OperationChange(
    UUID id, String state, String step, String waitingForJson, String error, String progressJson) {

  public OperationChange {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(waitingForJson, "waitingForJson");
    Objects.requireNonNull(progressJson, "progressJson");
  }

  /** Whether the state ends the operation. */
  public boolean finished() {
    return FabricOperationStore.FINAL.contains(state);
  }
}
