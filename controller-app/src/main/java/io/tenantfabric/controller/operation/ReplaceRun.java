package io.tenantfabric.controller.operation;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs a stored replace from the step it is at: one attempt at that step, its transition recorded,
 * and on to the next step at once for as long as steps pass; it stops at a step that waits, at the
 * end, or when a transition cannot be recorded (this instance no longer leads). Nothing of a run
 * lives outside what it records, so a run cut anywhere resumes from its last recorded step.
 */
final class ReplaceRun {

  private ReplaceRun() {}

  /**
   * Runs {@code c}'s replace from {@code step}, waited for since {@code waitingSince}; {@code
   * record} stores a transition and says whether it did. Returns the last transition recorded (null
   * when none was).
   */
  static ReplaceTransition run(
      ReplaceStep step,
      ReplaceContext c,
      Instant waitingSince,
      ReplaceEffects effects,
      Supplier<Instant> clock,
      Duration stepTime,
      Predicate<ReplaceTransition> record) {
    ReplaceStep at = step;
    ReplaceContext context = c;
    Instant since = waitingSince;
    ReplaceTransition last = null;
    while (at != ReplaceStep.DONE) {
      StepOutcome outcome = attempt(at, context, effects);
      ReplaceTransition t =
          ReplaceMachine.after(at, context.progress(), outcome, since, clock.get(), stepTime);
      if (!record.test(t)) {
        return last;
      }
      last = t;
      if (!t.runOn()) {
        return t;
      }
      at = t.step();
      context =
          new ReplaceContext(
              context.operation(), context.switchName(), context.target(), t.progress());
      since = clock.get();
    }
    return last;
  }

  private static StepOutcome attempt(ReplaceStep step, ReplaceContext c, ReplaceEffects effects) {
    switch (step) {
      case IDENTITY:
        return effects.identity(c);
      case DAY0:
        return effects.day0(c);
      case CABLING:
        return effects.cabling(c);
      case PUSH:
        return effects.push(c);
      case AUDIT:
        return effects.audit(c);
      default:
        throw new IllegalStateException("no attempt at " + step);
    }
  }
}
