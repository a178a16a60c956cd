package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.operation.NicSpeedTarget;
import io.tenantfabric.controller.operation.OperationMachine;
import io.tenantfabric.controller.operation.OperationProperties;
import io.tenantfabric.controller.operation.OperationTransition;
import io.tenantfabric.db.operation.FabricOperationRow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** A stored NIC_SPEED operation, run through {@link NicSpeedRun} from its step. */
@Component
class NicSpeedMachine implements OperationMachine {

  static final String KIND = "NIC_SPEED";

  private final NicSpeedEffects effects;
  private final Clock clock;
  private final JsonMapper json;
  private final Duration stepTime;

  NicSpeedMachine(
      NicSpeedEffects effects, Clock clock, JsonMapper json, OperationProperties properties) {
    this.effects = effects;
    this.clock = clock;
    this.json = json;
    this.stepTime = properties.stepTime();
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public OperationTransition run(
      FabricOperationRow row, Instant waitingSince, Predicate<OperationTransition> record) {
    return NicSpeedRun.run(
        NicSpeedStep.valueOf(row.step()),
        row.id(),
        json.readValue(row.requestJson(), NicSpeedTarget.class),
        json.readValue(row.progressJson(), NicSpeedProgress.class),
        waitingSince,
        effects,
        clock::instant,
        stepTime,
        record);
  }
}
