package io.tenantfabric.controller.operation;

import java.util.List;

/** What one attempt at a step found: it passed, it failed, or it still waits for something. */
sealed interface StepOutcome {

  /** The step is done; the operation goes on with the next one at once. */
  record Passed(ReplaceProgress progress) implements StepOutcome {}

  /** The step failed for good: the operation ends FAILED with this error. */
  record Failed(String error) implements StepOutcome {}

  /**
   * The step waits for something outside the controller (a switch that does not answer): the
   * operation is WAITING, and the step is tried again later.
   */
  record Waiting(List<String> waitingFor) implements StepOutcome {
    public Waiting {
      waitingFor = List.copyOf(waitingFor);
    }
  }

  /**
   * The controller works on the step (a batch pushes the switch, an audit reads it): the operation
   * stays RUNNING and the step is looked at again after the next batch or wake-up; {@code
   * batchNow}: the step has just asked for a batch.
   */
  record Working(List<String> waitingFor, ReplaceProgress progress, boolean batchNow)
      implements StepOutcome {
    public Working {
      waitingFor = List.copyOf(waitingFor);
    }
  }
}
