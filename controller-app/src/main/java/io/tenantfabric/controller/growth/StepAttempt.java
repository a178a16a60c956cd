package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.operation.GrowthStepView;
import java.util.UUID;

/** One attempt at a growth step, as {@link GrowthMachine} sees it. */
interface StepAttempt {

  GrowthOutcome attempt(UUID growth, GrowthStepView step, GrowthProgress before);
}
