package io.tenantfabric.controller.growth;

import java.util.List;

/** What one attempt at a growth step found, and the step's progress after it. */
sealed interface GrowthOutcome {

  GrowthProgress progress();

  /** Everything the step does is done: the growth goes on with the next step at once. */
  record Passed(GrowthProgress progress) implements GrowthOutcome {}

  /** The step cannot be done at all (a switch left the fabric): the growth ends FAILED. */
  record Failed(String error, GrowthProgress progress) implements GrowthOutcome {}

  /**
   * The step waits: for the hands on the floor ({@code outside}: WAITING, tried again later) or for
   * the controller's own work, a push ({@code outside} false: RUNNING, looked at after each batch).
   */
  record Waiting(
      List<String> waitingFor, GrowthProgress progress, boolean outside, boolean batchNow)
      implements GrowthOutcome {
    public Waiting {
      waitingFor = List.copyOf(waitingFor);
    }
  }
}
