package io.tenantfabric.controller.operation;

import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** A stored REPLACE, run through {@link ReplaceRun} from its step. */
@Component
class ReplaceOperation implements OperationMachine {

  private final ReplaceEffects effects;
  private final Clock clock;
  private final JsonMapper json;
  private final OperationProperties properties;

  ReplaceOperation(
      ReplaceEffects effects, Clock clock, JsonMapper json, OperationProperties properties) {
    this.effects = effects;
    this.clock = clock;
    this.json = json;
    this.properties = properties;
  }

  @Override
  public String kind() {
    return "REPLACE";
  }

  @Override
  public OperationTransition run(
      FabricOperationRow row, Instant waitingSince, Predicate<OperationTransition> record) {
    ReplaceContext context =
        new ReplaceContext(
            row.id(),
            new SwitchName(row.switches().get(0)),
            json.readValue(row.requestJson(), ReplaceTarget.class),
            json.readValue(row.progressJson(), ReplaceProgress.class));
    ReplaceTransition last =
        ReplaceRun.run(
            ReplaceStep.valueOf(row.step()),
            context,
            waitingSince,
            effects,
            clock::instant,
            properties.stepTime(),
            t -> record.test(OperationTransition.of(t)));
    return last == null ? null : OperationTransition.of(last);
  }
}
