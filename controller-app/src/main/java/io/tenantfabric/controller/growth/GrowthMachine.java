package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.operation.GrowthStepView;
import io.tenantfabric.controller.operation.OperationMachine;
import io.tenantfabric.controller.operation.OperationTransition;
import io.tenantfabric.controller.operation.StoredGrowth;
import io.tenantfabric.db.operation.FabricOperationRow;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs an applied growth from the step it is at, the steps those of its stored plan: each passed
 * step is recorded before the next starts (with empty progress), a step that waits is recorded with
 * what it waits for and what it did so far. A growth waits for hands on the floor for as long as it
 * takes, so no step times out. A cancel asked for ends it CANCELLED before the next step starts, or
 * at once when the step it is at has changed nothing yet.
 */
@Component
class GrowthMachine implements OperationMachine {

  private final StepAttempt steps;
  private final JsonMapper json;

  // the plan of each growth, parsed once (the provisioner thread's, like the runner)
  private final Map<UUID, StoredGrowth> plans = new ConcurrentHashMap<>();

  GrowthMachine(StepAttempt steps, JsonMapper json) {
    this.steps = steps;
    this.json = json;
  }

  @Override
  public String kind() {
    return "GROWTH";
  }

  @Override
  public OperationTransition run(
      FabricOperationRow row, Instant waitingSince, Predicate<OperationTransition> record) {
    StoredGrowth stored =
        plans.computeIfAbsent(
            row.id(), id -> json.readValue(row.requestJson(), StoredGrowth.class));
    List<GrowthStepView> plan = stored.plan().steps();
    int n = GrowthSteps.number(row.step(), plan.size());
    GrowthProgress p = json.readValue(row.progressJson(), GrowthProgress.class);
    OperationTransition last = null;
    while (true) {
      OperationTransition t;
      if (n > plan.size()) {
        t = transition("DONE", GrowthSteps.DONE, List.of(), GrowthProgress.NONE, false);
      } else if (row.cancelRequested() && !p.started()) {
        t = transition("CANCELLED", GrowthSteps.name(n), List.of(), p, false);
      } else {
        GrowthOutcome o = steps.attempt(row.id(), plan.get(n - 1), p);
        if (o instanceof GrowthOutcome.Passed) {
          n++;
          t =
              n > plan.size()
                  ? transition("DONE", GrowthSteps.DONE, List.of(), GrowthProgress.NONE, false)
                  : transition(
                      "RUNNING", GrowthSteps.name(n), List.of(), GrowthProgress.NONE, false);
        } else if (o instanceof GrowthOutcome.Failed f) {
          t =
              new OperationTransition(
                  "FAILED", GrowthSteps.name(n), List.of(), f.error(), f.progress(), false);
        } else {
          GrowthOutcome.Waiting w = (GrowthOutcome.Waiting) o;
          t =
              transition(
                  w.outside() ? "WAITING" : "RUNNING",
                  GrowthSteps.name(n),
                  w.waitingFor(),
                  w.progress(),
                  w.batchNow());
        }
      }
      if (!record.test(t)) {
        return last;
      }
      last = t;
      if (t.finished()) {
        plans.remove(row.id());
        return t;
      }
      if (!"RUNNING".equals(t.state()) || !t.waitingFor().isEmpty()) {
        return t;
      }
      p = GrowthProgress.NONE;
    }
  }

  private static OperationTransition transition(
      String state, String step, List<String> waitingFor, GrowthProgress p, boolean batchNow) {
    return new OperationTransition(state, step, waitingFor, null, p, batchNow);
  }
}
