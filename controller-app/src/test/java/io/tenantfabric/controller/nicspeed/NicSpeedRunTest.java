package io.tenantfabric.controller.nicspeed;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.operation.NicSpeedTarget;
import io.tenantfabric.controller.operation.OperationTransition;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The step transitions of a NIC speed change, each recorded before the next step runs. */
class NicSpeedRunTest {

  static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  static final Duration STEP_TIME = Duration.ofMinutes(2);
  static final NicSpeedTarget TO_400 =
      new NicSpeedTarget(
          "gpu-node-001",
          400,
          List.of(new NicSpeedTarget.LeafPort("leaf-01", 1)),
          List.of("gpu-node-001/0"));

  /** Effects whose outcome per step is scripted; every other step passes. */
  static final class Scripted implements NicSpeedEffects {
    final Map<NicSpeedStep, NicSpeedOutcome> outcomes = new HashMap<>();
    final List<NicSpeedStep> attempted = new ArrayList<>();
    boolean cancel;

    @Override
    public boolean cancelRequested(UUID operation) {
      return cancel;
    }

    @Override
    public NicSpeedOutcome attempt(
        NicSpeedStep step, UUID operation, NicSpeedTarget target, NicSpeedProgress progress) {
      attempted.add(step);
      return outcomes.getOrDefault(
          step, new NicSpeedOutcome.Passed(progress.leafDone("leaf-01", step)));
    }
  }

  List<OperationTransition> recorded = new ArrayList<>();

  OperationTransition run(NicSpeedStep from, Scripted effects, Instant now) {
    return NicSpeedRun.run(
        from,
        UUID.randomUUID(),
        TO_400,
        NicSpeedProgress.NONE,
        T0,
        effects,
        () -> now,
        STEP_TIME,
        t -> recorded.add(t));
  }

  @Test
  void aJoinRunsEveryStepInOrderToDone() {
    Scripted effects = new Scripted();
    OperationTransition last = run(NicSpeedStep.UNCONFIGURE, effects, T0);
    assertThat(effects.attempted)
        .containsExactly(
            NicSpeedStep.UNCONFIGURE,
            NicSpeedStep.JOIN,
            NicSpeedStep.MODEL,
            NicSpeedStep.PUSH,
            NicSpeedStep.VERIFY,
            NicSpeedStep.UNCORDON);
    assertThat(last.state()).isEqualTo("DONE");
    assertThat(recorded).hasSize(6);
    assertThat(recorded.get(1).step()).isEqualTo("MODEL");
  }

  @Test
  void aSplitGoesThroughSplitNotJoin() {
    assertThat(NicSpeedStep.UNCONFIGURE.next(200)).isEqualTo(NicSpeedStep.SPLIT);
    assertThat(NicSpeedStep.SPLIT.next(200)).isEqualTo(NicSpeedStep.MODEL);
    assertThat(NicSpeedStep.UNCONFIGURE.next(400)).isEqualTo(NicSpeedStep.JOIN);
  }

  @Test
  void aResumedRunStartsAtItsStoredStep() {
    Scripted effects = new Scripted();
    run(NicSpeedStep.PUSH, effects, T0);
    assertThat(effects.attempted)
        .containsExactly(NicSpeedStep.PUSH, NicSpeedStep.VERIFY, NicSpeedStep.UNCORDON);
  }

  @Test
  void aPushInABatchWaitsRunningAndFailsPastItsTime() {
    Scripted effects = new Scripted();
    effects.outcomes.put(
        NicSpeedStep.PUSH,
        new NicSpeedOutcome.Working(List.of("leaf-01 to apply"), NicSpeedProgress.NONE, true));
    OperationTransition waiting = run(NicSpeedStep.PUSH, effects, T0.plusSeconds(10));
    assertThat(waiting.state()).isEqualTo("RUNNING");
    assertThat(waiting.step()).isEqualTo("PUSH");
    assertThat(waiting.batchNow()).isTrue();

    OperationTransition late = run(NicSpeedStep.PUSH, effects, T0.plus(STEP_TIME).plusSeconds(1));
    assertThat(late.state()).isEqualTo("FAILED");
    assertThat(late.error()).contains("PUSH did not finish within 120 s", "leaf-01 to apply");
  }

  @Test
  void aRefusedSplitFailsWithTheDevicesWordsAndGoesNoFurther() {
    Scripted effects = new Scripted();
    effects.outcomes.put(
        NicSpeedStep.JOIN,
        new NicSpeedOutcome.Failed(
            "leaf-01 refused: Please remove the configuration of TwoHundredGigE1/0/1:1 first.",
            NicSpeedProgress.NONE));
    OperationTransition last = run(NicSpeedStep.UNCONFIGURE, effects, T0);
    assertThat(last.state()).isEqualTo("FAILED");
    assertThat(last.step()).isEqualTo("JOIN");
    assertThat(last.error()).contains("Please remove the configuration");
    assertThat(effects.attempted).containsExactly(NicSpeedStep.UNCONFIGURE, NicSpeedStep.JOIN);
  }

  @Test
  void aCancelIsHonouredBeforeTheNextStep() {
    Scripted effects = new Scripted();
    effects.cancel = true;
    OperationTransition last = run(NicSpeedStep.MODEL, effects, T0);
    assertThat(last.state()).isEqualTo("CANCELLED");
    assertThat(last.step()).isEqualTo("MODEL");
    assertThat(effects.attempted).isEmpty();
  }

  @Test
  void aRunStopsWhenATransitionIsNotRecorded() {
    Scripted effects = new Scripted();
    OperationTransition last =
        NicSpeedRun.run(
            NicSpeedStep.UNCONFIGURE,
            UUID.randomUUID(),
            TO_400,
            NicSpeedProgress.NONE,
            T0,
            effects,
            () -> T0,
            STEP_TIME,
            t -> false);
    assertThat(last).isNull();
    assertThat(effects.attempted).containsExactly(NicSpeedStep.UNCONFIGURE);
  }
}
