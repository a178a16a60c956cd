package io.tenantfabric.controller.operation;

import java.util.List;

/**
 * What a replace becomes after an attempt at a step: its state and step, what it waits for, its
 * error (exactly when FAILED) and progress; {@code runOn}: go on with the next step at once; {@code
 * batchNow}: the step asked for a batch.
 */
record ReplaceTransition(
    String state,
    ReplaceStep step,
    List<String> waitingFor,
    String error,
    ReplaceProgress progress,
    boolean runOn,
    boolean batchNow) {

  /** The most items, and the longest item, of what a step waits for. */
  static final int MAX_WAITING = 16;

  static final int MAX_WAITING_TEXT = 1000;

  ReplaceTransition {
    waitingFor =
        waitingFor.stream()
            .limit(MAX_WAITING)
            .map(
                w ->
                    w.length() > MAX_WAITING_TEXT
                        ? w.substring(0, MAX_WAITING_TEXT - 3) + "..."
                        : w)
            .toList();
    if (("FAILED".equals(state)) != (error != null)) {
      throw new IllegalArgumentException("an operation has an error exactly when it FAILED");
    }
  }

  boolean finished() {
    return "DONE".equals(state) || "FAILED".equals(state);
  }
}
