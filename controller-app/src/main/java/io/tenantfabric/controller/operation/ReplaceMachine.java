package io.tenantfabric.controller.operation;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The transitions of a replace, pure: what an attempt's outcome makes of the operation. A passed
 * step moves on (DONE after the audit); a failure ends it FAILED with the error; a step that still
 * waits stays (WAITING when it waits for the outside, RUNNING while the controller works on it)
 * until it has waited longer than the step's time allows, which fails it naming what it waited for.
 */
final class ReplaceMachine {

  /** The longest error an operation stores (the column's bound). */
  static final int MAX_ERROR = 4000;

  private ReplaceMachine() {}

  /**
   * The transition after {@code outcome} of an attempt at {@code step}, which has been waited for
   * since {@code waitingSince} (by this leader: a resumed step gets its whole time again).
   */
  static ReplaceTransition after(
      ReplaceStep step,
      ReplaceProgress before,
      StepOutcome outcome,
      Instant waitingSince,
      Instant now,
      Duration stepTime) {
    if (outcome instanceof StepOutcome.Passed passed) {
      ReplaceStep next = step.next();
      boolean done = next == ReplaceStep.DONE;
      return new ReplaceTransition(
          done ? "DONE" : "RUNNING", next, List.of(), null, passed.progress(), !done, false);
    }
    if (outcome instanceof StepOutcome.Failed failed) {
      return failed(step, before, failed.error());
    }
    List<String> waitingFor;
    ReplaceProgress progress;
    boolean outside;
    boolean batchNow;
    if (outcome instanceof StepOutcome.Waiting waiting) {
      waitingFor = waiting.waitingFor();
      progress = before;
      outside = true;
      batchNow = false;
    } else {
      StepOutcome.Working working = (StepOutcome.Working) outcome;
      waitingFor = working.waitingFor();
      progress = working.progress();
      outside = false;
      batchNow = working.batchNow();
    }
    if (Duration.between(waitingSince, now).compareTo(stepTime) > 0) {
      return failed(
          step,
          progress,
          step
              + " did not finish within "
              + stepTime.toSeconds()
              + " s; it waited for: "
              + String.join("; ", waitingFor));
    }
    return new ReplaceTransition(
        outside ? "WAITING" : "RUNNING", step, waitingFor, null, progress, false, batchNow);
  }

  private static ReplaceTransition failed(
      ReplaceStep step, ReplaceProgress progress, String error) {
    String bounded = error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR - 3) + "..." : error;
    return new ReplaceTransition("FAILED", step, List.of(), bounded, progress, false, false);
  }
}
