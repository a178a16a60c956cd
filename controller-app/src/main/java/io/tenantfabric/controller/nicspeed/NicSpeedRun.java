package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.operation.NicSpeedTarget;
import io.tenantfabric.controller.operation.OperationTransition;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs a stored NIC speed change from the step it is at, as a replace runs: one attempt, its
 * transition recorded, and on to the next step at once while steps pass; a cancel asked for is
 * honoured before each step. Nothing of a run lives outside what it records, so a run cut anywhere
 * resumes from its last recorded step.
 */
final class NicSpeedRun {

  private NicSpeedRun() {}

  /** Returns the last transition recorded (null when none was). */
  static OperationTransition run(
      NicSpeedStep step,
      UUID operation,
      NicSpeedTarget target,
      NicSpeedProgress progress,
      Instant waitingSince,
      NicSpeedEffects effects,
      Supplier<Instant> clock,
      Duration stepTime,
      Predicate<OperationTransition> record) {
    NicSpeedStep at = step;
    NicSpeedProgress done = progress;
    Instant since = waitingSince;
    OperationTransition last = null;
    while (at != NicSpeedStep.DONE) {
      OperationTransition t;
      if (effects.cancelRequested(operation)) {
        t = NicSpeedTransitions.cancelled(at, done);
      } else {
        NicSpeedOutcome outcome = effects.attempt(at, operation, target, done);
        t =
            NicSpeedTransitions.after(
                at, target.speedGbps(), outcome, since, clock.get(), stepTime);
      }
      if (!record.test(t)) {
        return last;
      }
      last = t;
      if (!NicSpeedTransitions.runOn(at, t)) {
        return t;
      }
      at = NicSpeedStep.valueOf(t.step());
      done = (NicSpeedProgress) t.progress();
      since = clock.get();
    }
    return last;
  }
}
