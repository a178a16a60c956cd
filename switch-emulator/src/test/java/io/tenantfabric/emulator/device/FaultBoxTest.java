package io.tenantfabric.emulator.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FaultBoxTest {
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final FaultBox box = new FaultBox(now::get);

  private void advanceMs(long ms) {
    now.addAndGet(ms * 1_000_000);
  }

  @Test
  void aTimedFaultFiresUntilItsTimeIsUpThenIsGone() {
    box.add(Fault.always(FaultType.REJECT_NEXT_EDIT).lasting(15_000));
    advanceMs(14_999);
    assertThat(box.fire(FaultType.REJECT_NEXT_EDIT)).isTrue();
    assertThat(box.snapshot()).containsExactly(new Fault(FaultType.REJECT_NEXT_EDIT, 0, 0, 1));
    advanceMs(1);
    assertThat(box.fire(FaultType.REJECT_NEXT_EDIT)).isFalse();
    assertThat(box.isActive(FaultType.REJECT_NEXT_EDIT)).isFalse();
    assertThat(box.snapshot()).isEmpty();
  }

  @Test
  void aTimedFaultStillEndsEarlierWhenItsCountRunsOut() {
    box.add(new Fault(FaultType.DROP_SESSION_MID_TRANSACTION, 1, 0, 60_000));
    assertThat(box.fire(FaultType.DROP_SESSION_MID_TRANSACTION)).isTrue();
    assertThat(box.fire(FaultType.DROP_SESSION_MID_TRANSACTION)).isFalse();
  }

  @Test
  void aTimedDelayStopsDelaying() {
    box.add(Fault.delay(400).lasting(10_000));
    assertThat(box.nextDelayMs()).isEqualTo(400);
    advanceMs(10_000);
    assertThat(box.nextDelayMs()).isZero();
  }

  @Test
  void anUntimedFaultOutlivesATimedOneAndShowsNoTimeLimit() {
    box.add(Fault.always(FaultType.HOLD_LOCK));
    box.add(Fault.delay(5).lasting(1));
    advanceMs(86_400_000);
    assertThat(box.isActive(FaultType.HOLD_LOCK)).isTrue();
    assertThat(box.snapshot()).containsExactly(new Fault(FaultType.HOLD_LOCK, 0, 0, 0));
  }

  @Test
  void theTimeLimitIsBounded() {
    assertThatThrownBy(() -> Fault.always(FaultType.HOLD_LOCK).lasting(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("forMs");
    assertThatThrownBy(() -> Fault.always(FaultType.HOLD_LOCK).lasting(Fault.MAX_FOR_MS + 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
