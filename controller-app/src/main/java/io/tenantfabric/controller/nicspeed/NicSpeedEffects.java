package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.operation.NicSpeedTarget;
import java.util.UUID;

/** The steps of a NIC speed change against the switches and the database, one attempt each. */
interface NicSpeedEffects {

  /** Whether someone asked to cancel the operation since it started. */
  boolean cancelRequested(UUID operation);

  NicSpeedOutcome attempt(
      NicSpeedStep step, UUID operation, NicSpeedTarget target, NicSpeedProgress progress);
}
