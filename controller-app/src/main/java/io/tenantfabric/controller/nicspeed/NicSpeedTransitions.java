package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.operation.OperationTransition;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The transitions of a NIC speed change, pure: a passed step moves on (DONE after UNCORDON), a
 * failure ends it FAILED with the error, a cancel asked for ends it CANCELLED where it is, and a
 * step the controller still works on stays RUNNING until it has waited longer than the step's time
 * allows, which fails it naming what it waited for.
 */
final class NicSpeedTransitions {

  /** The longest error an operation stores (the column's bound). */
  static final int MAX_ERROR = 4000;

  private NicSpeedTransitions() {}

  /** The change stopped before {@code step} because a cancel was asked for. */
  static OperationTransition cancelled(NicSpeedStep step, NicSpeedProgress progress) {
    return new OperationTransition("CANCELLED", step.name(), List.of(), null, progress, false);
  }

  /** The transition after {@code outcome} of an attempt at {@code step}. */
  static OperationTransition after(
      NicSpeedStep step,
      int speedGbps,
      NicSpeedOutcome outcome,
      Instant waitingSince,
      Instant now,
      Duration stepTime) {
    if (outcome instanceof NicSpeedOutcome.Passed passed) {
      NicSpeedStep next = step.next(speedGbps);
      return new OperationTransition(
          next == NicSpeedStep.DONE ? "DONE" : "RUNNING",
          next.name(),
          List.of(),
          null,
          passed.progress(),
          false);
    }
    if (outcome instanceof NicSpeedOutcome.Failed failed) {
      return failed(step, failed.progress(), failed.error());
    }
    NicSpeedOutcome.Working working = (NicSpeedOutcome.Working) outcome;
    if (Duration.between(waitingSince, now).compareTo(stepTime) > 0) {
      return failed(
          step,
          working.progress(),
          step
              + " did not finish within "
              + stepTime.toSeconds()
              + " s; it waited for: "
              + String.join("; ", working.waitingFor()));
    }
    return new OperationTransition(
        "RUNNING", step.name(), working.waitingFor(), null, working.progress(), working.batchNow());
  }

  /** True when the run goes on with the next step at once. */
  static boolean runOn(NicSpeedStep step, OperationTransition t) {
    return "RUNNING".equals(t.state()) && !t.step().equals(step.name());
  }

  private static OperationTransition failed(
      NicSpeedStep step, NicSpeedProgress progress, String error) {
    String bounded = error.length() > MAX_ERROR ? error.substring(0, MAX_ERROR - 3) + "..." : error;
    return new OperationTransition("FAILED", step.name(), List.of(), bounded, progress, false);
  }
}
