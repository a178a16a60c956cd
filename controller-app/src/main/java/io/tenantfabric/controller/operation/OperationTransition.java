package io.tenantfabric.controller.operation;

import java.util.List;

/**
 * What any operation becomes after an attempt at a step, as the runner stores it: its state and
 * step, what it waits for, its error (exactly when FAILED), its progress (stored as JSON) and
 * whether the step asked for a batch.
 */
public record OperationTransition(
    String state,
    String step,
    List<String> waitingFor,
    String error,
    Object progress,
    boolean batchNow) {

  /** What an operation stores of what it waits for: its first items, each at most so long. */
  public OperationTransition {
    waitingFor =
        waitingFor.stream()
            .limit(ReplaceTransition.MAX_WAITING)
            .map(
                w ->
                    w.length() > ReplaceTransition.MAX_WAITING_TEXT
                        ? w.substring(0, ReplaceTransition.MAX_WAITING_TEXT - 3) + "..."
                        : w)
            .toList();
  }

  /** The operation ended (DONE, FAILED or CANCELLED): its holds are released with it. */
  public boolean finished() {
    return "DONE".equals(state) || "FAILED".equals(state) || "CANCELLED".equals(state);
  }

  static OperationTransition of(ReplaceTransition t) {
    return new OperationTransition(
        t.state(), t.step().name(), t.waitingFor(), t.error(), t.progress(), t.batchNow());
  }
}
