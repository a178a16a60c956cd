package io.tenantfabric.controller.operation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReplaceMachineTest {

  static final Instant T = Instant.parse("2026-12-05T10:00:00Z");
  static final Duration STEP_TIME = Duration.ofMinutes(2);

  @ParameterizedTest
  @CsvSource({"IDENTITY,DAY0", "DAY0,CABLING", "CABLING,PUSH", "PUSH,AUDIT"})
  void aPassedStepMovesOnToTheNextAndRunsItAtOnce(ReplaceStep step, ReplaceStep next) {
    ReplaceProgress progress = ReplaceProgress.NONE.pushed(7, T);
    ReplaceTransition t =
        ReplaceMachine.after(
            step, ReplaceProgress.NONE, new StepOutcome.Passed(progress), T, T, STEP_TIME);
    assertThat(t.state()).isEqualTo("RUNNING");
    assertThat(t.step()).isEqualTo(next);
    assertThat(t.runOn()).isTrue();
    assertThat(t.progress()).isEqualTo(progress);
    assertThat(t.waitingFor()).isEmpty();
    assertThat(t.error()).isNull();
  }

  @Test
  void aCleanAuditEndsTheReplaceDone() {
    ReplaceTransition t =
        ReplaceMachine.after(
            ReplaceStep.AUDIT,
            ReplaceProgress.NONE,
            new StepOutcome.Passed(ReplaceProgress.NONE),
            T,
            T,
            STEP_TIME);
    assertThat(t.state()).isEqualTo("DONE");
    assertThat(t.step()).isEqualTo(ReplaceStep.DONE);
    assertThat(t.runOn()).isFalse();
    assertThat(t.finished()).isTrue();
  }

  @Test
  void aFailureEndsTheReplaceAtItsStepWithTheError() {
    ReplaceTransition t =
        ReplaceMachine.after(
            ReplaceStep.DAY0,
            ReplaceProgress.NONE,
            new StepOutcome.Failed("LLDP: lldp global enable is missing"),
            T,
            T,
            STEP_TIME);
    assertThat(t.state()).isEqualTo("FAILED");
    assertThat(t.step()).isEqualTo(ReplaceStep.DAY0);
    assertThat(t.error()).isEqualTo("LLDP: lldp global enable is missing");
    assertThat(t.finished()).isTrue();
    assertThat(t.runOn()).isFalse();
  }

  @Test
  void aSwitchThatDoesNotAnswerMakesTheReplaceWaitAtItsStep() {
    ReplaceTransition t =
        ReplaceMachine.after(
            ReplaceStep.IDENTITY,
            ReplaceProgress.NONE,
            new StepOutcome.Waiting(List.of("leaf-03 to answer")),
            T,
            T.plusSeconds(30),
            STEP_TIME);
    assertThat(t.state()).isEqualTo("WAITING");
    assertThat(t.step()).isEqualTo(ReplaceStep.IDENTITY);
    assertThat(t.waitingFor()).containsExactly("leaf-03 to answer");
    assertThat(t.runOn()).isFalse();
    assertThat(t.finished()).isFalse();
  }

  @Test
  void aStepTheControllerWorksOnStaysRunningWithItsProgressAndItsBatch() {
    ReplaceProgress pushed = ReplaceProgress.NONE.pushed(12, T);
    ReplaceTransition t =
        ReplaceMachine.after(
            ReplaceStep.PUSH,
            ReplaceProgress.NONE,
            new StepOutcome.Working(List.of("leaf-03 to apply generation 12"), pushed, true),
            T,
            T,
            STEP_TIME);
    assertThat(t.state()).isEqualTo("RUNNING");
    assertThat(t.step()).isEqualTo(ReplaceStep.PUSH);
    assertThat(t.progress().pushGeneration()).isEqualTo(12L);
    assertThat(t.batchNow()).isTrue();
    assertThat(t.runOn()).isFalse();
  }

  @Test
  void aStepThatWaitsLongerThanItsTimeFailsNamingWhatItWaitedFor() {
    ReplaceTransition t =
        ReplaceMachine.after(
            ReplaceStep.PUSH,
            ReplaceProgress.NONE,
            new StepOutcome.Working(
                List.of("leaf-03 to apply generation 12 and verify it (applied 11, UNREACHABLE)"),
                ReplaceProgress.NONE.pushed(12, T),
                false),
            T,
            T.plus(STEP_TIME).plusSeconds(1),
            STEP_TIME);
    assertThat(t.state()).isEqualTo("FAILED");
    assertThat(t.step()).isEqualTo(ReplaceStep.PUSH);
    assertThat(t.error())
        .isEqualTo(
            "PUSH did not finish within 120 s; it waited for: leaf-03 to apply generation 12"
                + " and verify it (applied 11, UNREACHABLE)");
    assertThat(t.progress().pushGeneration()).as("what it did stays on record").isEqualTo(12L);
  }

  @Test
  void anErrorAndWhatAStepWaitsForAreBounded() {
    ReplaceTransition failed =
        ReplaceMachine.after(
            ReplaceStep.AUDIT,
            ReplaceProgress.NONE,
            new StepOutcome.Failed("x".repeat(10_000)),
            T,
            T,
            STEP_TIME);
    assertThat(failed.error()).hasSize(ReplaceMachine.MAX_ERROR).endsWith("...");
    ReplaceTransition waiting =
        ReplaceMachine.after(
            ReplaceStep.IDENTITY,
            ReplaceProgress.NONE,
            new StepOutcome.Waiting(List.of("y".repeat(5_000))),
            T,
            T,
            STEP_TIME);
    assertThat(waiting.waitingFor().get(0)).hasSize(ReplaceTransition.MAX_WAITING_TEXT);
  }

  @Test
  void anOperationHasAnErrorExactlyWhenItFailed() {
    assertThatThrownBy(
            () ->
                new ReplaceTransition(
                    "FAILED",
                    ReplaceStep.DAY0,
                    List.of(),
                    null,
                    ReplaceProgress.NONE,
                    false,
                    false))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                new ReplaceTransition(
                    "RUNNING",
                    ReplaceStep.DAY0,
                    List.of(),
                    "oops",
                    ReplaceProgress.NONE,
                    false,
                    false))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void progressCountsTheAuditsItAskedFor() {
    UUID first = UUID.randomUUID();
    UUID second = UUID.randomUUID();
    ReplaceProgress p = ReplaceProgress.NONE.audit(first).audit(second);
    assertThat(p.auditId()).isEqualTo(second);
    assertThat(p.attempts()).isEqualTo(2);
  }
}
