package io.tenantfabric.controller.operation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.topology.SwitchName;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A replace resumed from whatever step it was stored at (after a restart or a leader change) goes
 * on from that step: no step before it runs again, and each step after it runs once.
 */
class ReplaceRunTest {

  static final Instant T = Instant.parse("2026-12-05T10:00:00Z");
  static final Duration STEP_TIME = Duration.ofMinutes(2);
  static final ReplaceTarget TARGET =
      new ReplaceTarget(
          "127.0.0.1",
          830,
          "admin",
          "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
          "210235A2CSH19B000012");

  /** Steps answered from a script, each attempt recorded; a step without a script passes. */
  static final class ScriptedEffects implements ReplaceEffects {
    final List<ReplaceStep> attempts = new ArrayList<>();
    final List<ReplaceContext> contexts = new ArrayList<>();
    final Map<ReplaceStep, Deque<StepOutcome>> script = new EnumMap<>(ReplaceStep.class);

    ScriptedEffects then(ReplaceStep step, StepOutcome... outcomes) {
      script.computeIfAbsent(step, s -> new ArrayDeque<>()).addAll(Arrays.asList(outcomes));
      return this;
    }

    private StepOutcome attempt(ReplaceStep step, ReplaceContext c) {
      attempts.add(step);
      contexts.add(c);
      Deque<StepOutcome> next = script.get(step);
      return next == null || next.isEmpty() ? new StepOutcome.Passed(c.progress()) : next.poll();
    }

    @Override
    public StepOutcome identity(ReplaceContext c) {
      return attempt(ReplaceStep.IDENTITY, c);
    }

    @Override
    public StepOutcome day0(ReplaceContext c) {
      return attempt(ReplaceStep.DAY0, c);
    }

    @Override
    public StepOutcome cabling(ReplaceContext c) {
      return attempt(ReplaceStep.CABLING, c);
    }

    @Override
    public StepOutcome push(ReplaceContext c) {
      return attempt(ReplaceStep.PUSH, c);
    }

    @Override
    public StepOutcome audit(ReplaceContext c) {
      return attempt(ReplaceStep.AUDIT, c);
    }
  }

  final List<ReplaceTransition> recorded = new ArrayList<>();

  ReplaceTransition run(ReplaceStep from, ReplaceProgress progress, ReplaceEffects effects) {
    return ReplaceRun.run(
        from,
        new ReplaceContext(UUID.randomUUID(), new SwitchName("leaf-03"), TARGET, progress),
        T,
        effects,
        () -> T,
        STEP_TIME,
        t -> recorded.add(t));
  }

  @ParameterizedTest
  @EnumSource(
      value = ReplaceStep.class,
      names = {"IDENTITY", "DAY0", "CABLING", "PUSH", "AUDIT"})
  void aReplaceStoredAtAnyStepGoesOnFromThatStepToDone(ReplaceStep stored) {
    ScriptedEffects effects = new ScriptedEffects();
    ReplaceTransition last = run(stored, ReplaceProgress.NONE, effects);
    List<ReplaceStep> expected =
        Arrays.stream(ReplaceStep.values())
            .filter(s -> s != ReplaceStep.DONE && s.compareTo(stored) >= 0)
            .toList();
    assertThat(effects.attempts).as("each step from the stored one, once").isEqualTo(expected);
    assertThat(last.state()).isEqualTo("DONE");
    assertThat(recorded).hasSize(expected.size());
    assertThat(recorded.stream().map(ReplaceTransition::step).toList())
        .as("every transition recorded before the next step starts")
        .isEqualTo(expected.stream().map(ReplaceStep::next).toList());
  }

  @Test
  void aPushInFlightIsResumedWithoutBeingRaisedAgain() {
    ReplaceProgress raised = ReplaceProgress.NONE.pushed(12, T);
    // the first leader raised the push and was stopped; the next finds it recorded
    ScriptedEffects first =
        new ScriptedEffects()
            .then(
                ReplaceStep.PUSH,
                new StepOutcome.Working(List.of("leaf-03 to apply generation 12"), raised, true));
    ReplaceTransition stopped = run(ReplaceStep.CABLING, ReplaceProgress.NONE, first);
    assertThat(stopped.state()).isEqualTo("RUNNING");
    assertThat(stopped.step()).isEqualTo(ReplaceStep.PUSH);
    assertThat(stopped.batchNow()).isTrue();

    ScriptedEffects next = new ScriptedEffects();
    ReplaceTransition done = run(stopped.step(), stopped.progress(), next);
    assertThat(next.attempts).containsExactly(ReplaceStep.PUSH, ReplaceStep.AUDIT);
    assertThat(next.contexts.get(0).progress().pushGeneration())
        .as("the push it raised, read back: not raised again")
        .isEqualTo(12L);
    assertThat(done.state()).isEqualTo("DONE");
  }

  @Test
  void aStepThatWaitsStopsTheRunAndIsTriedAgainByTheNext() {
    ScriptedEffects effects =
        new ScriptedEffects()
            .then(ReplaceStep.IDENTITY, new StepOutcome.Waiting(List.of("leaf-03 to answer")));
    ReplaceTransition waiting = run(ReplaceStep.IDENTITY, ReplaceProgress.NONE, effects);
    assertThat(waiting.state()).isEqualTo("WAITING");
    assertThat(effects.attempts).containsExactly(ReplaceStep.IDENTITY);

    ReplaceTransition done = run(waiting.step(), waiting.progress(), effects);
    assertThat(done.state()).isEqualTo("DONE");
    assertThat(effects.attempts)
        .containsExactly(
            ReplaceStep.IDENTITY,
            ReplaceStep.IDENTITY,
            ReplaceStep.DAY0,
            ReplaceStep.CABLING,
            ReplaceStep.PUSH,
            ReplaceStep.AUDIT);
  }

  @Test
  void aFailedStepEndsTheRunThere() {
    ScriptedEffects effects =
        new ScriptedEffects()
            .then(ReplaceStep.DAY0, new StepOutcome.Failed("PORTS: 4 ports missing"));
    ReplaceTransition failed = run(ReplaceStep.IDENTITY, ReplaceProgress.NONE, effects);
    assertThat(failed.state()).isEqualTo("FAILED");
    assertThat(failed.step()).isEqualTo(ReplaceStep.DAY0);
    assertThat(effects.attempts).containsExactly(ReplaceStep.IDENTITY, ReplaceStep.DAY0);
  }

  @Test
  void aTransitionThatCannotBeRecordedStopsTheRunBeforeTheNextStep() {
    ScriptedEffects effects = new ScriptedEffects();
    ReplaceTransition last =
        ReplaceRun.run(
            ReplaceStep.IDENTITY,
            new ReplaceContext(
                UUID.randomUUID(), new SwitchName("leaf-03"), TARGET, ReplaceProgress.NONE),
            T,
            effects,
            () -> T,
            STEP_TIME,
            t -> t.step() != ReplaceStep.CABLING); // fenced while recording DAY0's pass
    assertThat(effects.attempts).containsExactly(ReplaceStep.IDENTITY, ReplaceStep.DAY0);
    assertThat(last.step()).as("the last step recorded").isEqualTo(ReplaceStep.DAY0);
  }
}
