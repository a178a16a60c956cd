package io.tenantfabric.emulator.netconf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The back-pressure arithmetic: what the SSH window gets back, and when. */
class InputBudgetTest {

  @Test
  void bytesAreGivenBackAtOnceWhileTheQueueIsWithinTheBound() {
    InputBudget b = new InputBudget(100);
    b.queued(100);
    assertThat(b.received(4096)).isEqualTo(4096);
    assertThat(b.handled(100)).isZero();
    assertThat(b.queued()).isZero();
  }

  @Test
  void overTheBoundBytesAreWithheldUntilTheWorkerCatchesUp() {
    InputBudget b = new InputBudget(100);
    b.queued(80);
    b.queued(80);
    assertThat(b.received(32_768)).isZero();
    assertThat(b.received(1_000)).isZero();
    assertThat(b.withheld()).isEqualTo(33_768);
    // One message handled: 80 queued, within the bound: everything withheld goes back at once.
    assertThat(b.handled(80)).isEqualTo(33_768);
    assertThat(b.withheld()).isZero();
    assertThat(b.handled(80)).isZero();
  }

  @Test
  void nothingIsGivenBackWhileTheQueueStaysOverTheBound() {
    InputBudget b = new InputBudget(100);
    b.queued(90);
    b.queued(90);
    b.queued(90);
    assertThat(b.received(10)).isZero();
    assertThat(b.handled(90)).isZero();
    assertThat(b.handled(90)).isEqualTo(10);
  }
}
