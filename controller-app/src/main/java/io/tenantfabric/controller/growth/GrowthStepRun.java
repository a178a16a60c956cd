package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.operation.GrowthStepView;
import io.tenantfabric.controller.operation.GrowthStepView.CableMoveView;
import io.tenantfabric.controller.operation.GrowthStepView.CableView;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * One attempt at a growth step, in the step's order: its switches onboarded, then its cables moved
 * and added, then its GPUs joined. Every part may be attempted again with the same effect: what is
 * done is in the progress, and what the floor shows is read again each time.
 */
@Component
class GrowthStepRun implements StepAttempt {

  private final GrowthOnboarding onboarding;
  private final GrowthCabling cabling;
  private final GrowthJoin join;

  GrowthStepRun(GrowthOnboarding onboarding, GrowthCabling cabling, GrowthJoin join) {
    this.onboarding = onboarding;
    this.cabling = cabling;
    this.join = join;
  }

  @Override
  public GrowthOutcome attempt(UUID growth, GrowthStepView step, GrowthProgress before) {
    GrowthProgress p = before;
    List<String> waiting = new ArrayList<>();
    boolean outside = false;
    boolean batchNow = false;
    for (String sw : step.switches()) {
      if (p.onboarded().contains(sw)) {
        continue;
      }
      GrowthOnboarding.Result r = onboarding.attempt(growth, sw, p);
      p = r.progress();
      r.waitingFor().ifPresent(waiting::add);
      outside |= r.outside();
      batchNow |= r.batchNow();
    }
    if (!waiting.isEmpty()) {
      return new GrowthOutcome.Waiting(waiting, p, outside, batchNow);
    }
    GrowthCabling.Sight sight = cabling.sight();
    List<String> ends = new ArrayList<>();
    for (CableMoveView m : step.moves()) {
      if (!p.moved().contains(m.kept().toString())) {
        ends.add(m.kept().device());
        ends.add(m.to().device());
      }
    }
    for (CableView c : step.cables()) {
      if (!p.cabled().contains(c.a() + " - " + c.b())) {
        ends.add(c.a().device());
        ends.add(c.b().device());
      }
    }
    sight.read(ends);
    for (CableMoveView m : step.moves()) {
      if (!p.moved().contains(m.kept().toString())) {
        GrowthCabling.Result r = cabling.move(growth, m, p, sight);
        p = r.progress();
        r.waitingFor().ifPresent(waiting::add);
      }
    }
    for (CableView c : step.cables()) {
      if (!p.cabled().contains(c.a() + " - " + c.b())) {
        GrowthCabling.Result r = cabling.add(c, p, sight);
        p = r.progress();
        r.waitingFor().ifPresent(waiting::add);
      }
    }
    if (!waiting.isEmpty()) {
      return new GrowthOutcome.Waiting(waiting, p, true, false);
    }
    List<String> gpus = join.attempt(step.gpus(), sight);
    if (!gpus.isEmpty()) {
      return new GrowthOutcome.Waiting(gpus, p, true, false);
    }
    return new GrowthOutcome.Passed(p);
  }
}
