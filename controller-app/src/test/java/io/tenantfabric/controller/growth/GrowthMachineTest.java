package io.tenantfabric.controller.growth;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.operation.GrowthPlanView;
import io.tenantfabric.controller.operation.GrowthStepView;
import io.tenantfabric.controller.operation.OperationTransition;
import io.tenantfabric.controller.operation.StoredGrowth;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.model.topology.FabricPresets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The transitions of a growth, with the step attempts scripted: passed steps run on to DONE, a step
 * that waits is stored with what it waits for and what it did, a run resumes from the stored step
 * and progress, a cancel ends it before a step that changed nothing and never in the middle of one
 * that did, and a transition the runner cannot store (fenced) stops the run.
 */
class GrowthMachineTest {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final UUID ID = UUID.fromString("3f0c6a9e-1b2c-4d5e-8f90-123456789abc");
  static final Instant T = Instant.parse("2026-12-05T10:00:00Z");

  final Deque<GrowthOutcome> script = new ArrayDeque<>();
  final List<Integer> attempted = new ArrayList<>();
  final List<GrowthProgress> given = new ArrayList<>();
  final List<OperationTransition> recorded = new ArrayList<>();

  final GrowthMachine machine =
      new GrowthMachine(
          (growth, step, before) -> {
            attempted.add(step.number());
            given.add(before);
            return script.removeFirst();
          },
          JSON);

  static GrowthOutcome passed() {
    return new GrowthOutcome.Passed(GrowthProgress.NONE);
  }

  static GrowthOutcome waiting(String what, GrowthProgress p) {
    return new GrowthOutcome.Waiting(List.of(what), p, true, false);
  }

  OperationTransition run(String step, GrowthProgress progress, boolean cancel) {
    return machine.run(row(step, progress, cancel), T, t -> recorded.add(t));
  }

  @Test
  void passedStepsRunOnToDoneEachRecordedBeforeTheNext() {
    script.add(passed());
    script.add(passed());
    script.add(passed());
    OperationTransition last = run("STEP_1", GrowthProgress.NONE, false);
    assertThat(attempted).containsExactly(1, 2, 3);
    assertThat(recorded)
        .extracting(OperationTransition::state, OperationTransition::step)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("RUNNING", "STEP_2"),
            org.assertj.core.groups.Tuple.tuple("RUNNING", "STEP_3"),
            org.assertj.core.groups.Tuple.tuple("DONE", "DONE"));
    assertThat(last.finished()).isTrue();
  }

  @Test
  void aWaitingStepIsStoredWithWhatItWaitsForAndItsProgressAndResumedFromThem() {
    GrowthProgress shut = GrowthProgress.NONE.withShut("leaf-01 FourHundredGigE1/0/8");
    script.add(passed());
    script.add(waiting("the cable at leaf-01 FourHundredGigE1/0/8 moved", shut));
    OperationTransition last = run("STEP_1", GrowthProgress.NONE, false);
    assertThat(last.state()).isEqualTo("WAITING");
    assertThat(last.step()).isEqualTo("STEP_2");
    assertThat(last.waitingFor())
        .containsExactly("the cable at leaf-01 FourHundredGigE1/0/8 moved");
    assertThat(last.progress()).isEqualTo(shut);

    // a new leader: from the stored step and progress
    script.add(passed());
    script.add(passed());
    run("STEP_2", shut, false);
    assertThat(attempted).containsExactly(1, 2, 2, 3);
    assertThat(given.get(2)).isEqualTo(shut);
    assertThat(recorded.get(recorded.size() - 1).state()).isEqualTo("DONE");
  }

  @Test
  void aCancelEndsTheGrowthBeforeAStepThatChangedNothingButNotInTheMiddleOfOne() {
    OperationTransition cancelled = run("STEP_2", GrowthProgress.NONE, true);
    assertThat(attempted).isEmpty();
    assertThat(cancelled.state()).isEqualTo("CANCELLED");
    assertThat(cancelled.step()).isEqualTo("STEP_2");
    assertThat(cancelled.finished()).isTrue();

    // a step with a port shut is finished first, then the growth stops before the next one
    GrowthProgress shut = GrowthProgress.NONE.withShut("leaf-01 FourHundredGigE1/0/8");
    script.add(passed());
    OperationTransition last = run("STEP_2", shut, true);
    assertThat(attempted).containsExactly(2);
    assertThat(recorded)
        .extracting(OperationTransition::state, OperationTransition::step)
        .endsWith(
            org.assertj.core.groups.Tuple.tuple("RUNNING", "STEP_3"),
            org.assertj.core.groups.Tuple.tuple("CANCELLED", "STEP_3"));
    assertThat(last.state()).isEqualTo("CANCELLED");
  }

  @Test
  void aTransitionThatCannotBeStoredStopsTheRun() {
    script.add(passed());
    script.add(passed());
    OperationTransition last =
        machine.run(row("STEP_1", GrowthProgress.NONE, false), T, t -> false);
    assertThat(last).isNull();
    assertThat(attempted).containsExactly(1);
  }

  @Test
  void aFailedStepEndsTheGrowthWithItsError() {
    script.add(new GrowthOutcome.Failed("leaf-05 is no longer in the fabric", GrowthProgress.NONE));
    OperationTransition last = run("STEP_3", GrowthProgress.NONE, false);
    assertThat(last.state()).isEqualTo("FAILED");
    assertThat(last.error()).isEqualTo("leaf-05 is no longer in the fabric");
    assertThat(last.step()).isEqualTo("STEP_3");
  }

  static FabricOperationRow row(String step, GrowthProgress progress, boolean cancel) {
    List<GrowthStepView> steps = new ArrayList<>();
    for (int n = 1; n <= 3; n++) {
      steps.add(
          new GrowthStepView(
              n, "MOVE_UPLINKS", List.of(), List.of(), List.of(), List.of(), List.of()));
    }
    GrowthPlanView plan = new GrowthPlanView("a", "b", List.of(), List.of(), 0, 0, 0, 0, steps);
    StoredGrowth stored =
        new StoredGrowth(
            FabricPresets.named(FabricPresets.H3C_S9825_1024),
            FabricPresets.named(FabricPresets.H3C_S9825_2048),
            FabricPresets.H3C_S9825_2048,
            plan);
    return new FabricOperationRow(
        ID,
        "GROWTH",
        "RUNNING",
        step,
        "[]",
        null,
        JSON.writeValueAsString(stored),
        JSON.writeValueAsString(progress),
        "OPERATOR:x",
        T,
        T,
        null,
        List.of(),
        cancel);
  }
}
