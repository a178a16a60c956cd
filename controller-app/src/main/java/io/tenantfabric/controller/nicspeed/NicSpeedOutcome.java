package io.tenantfabric.controller.nicspeed;

import java.util.List;

/** What one attempt at a step of a NIC speed change found: passed, failed, or still working. */
sealed interface NicSpeedOutcome {

  /** The step is done; the change goes on with the next one at once. */
  record Passed(NicSpeedProgress progress) implements NicSpeedOutcome {}

  /** The step failed for good (the device's own words): the change ends FAILED. */
  record Failed(String error, NicSpeedProgress progress) implements NicSpeedOutcome {}

  /** The controller works on the step (a push in a batch): looked at again after the next batch. */
  record Working(List<String> waitingFor, NicSpeedProgress progress, boolean batchNow)
      implements NicSpeedOutcome {
    public Working {
      waitingFor = List.copyOf(waitingFor);
    }
  }
}
