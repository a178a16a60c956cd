package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BatchGatherTest {
  private static final Duration MAX = Duration.ofSeconds(1);

  private static long ms(long millis) {
    return Duration.ofMillis(millis).toNanos();
  }

  @Test
  void aSlowBatchIsFollowedByAQuarterOfItsDeviceTime() {
    assertThat(BatchGather.after(ms(3_200), MAX)).isEqualTo(Duration.ofMillis(800));
    assertThat(BatchGather.after(ms(400), MAX)).isEqualTo(Duration.ofMillis(100));
  }

  @Test
  void theGatherIsCappedByGatherMax() {
    assertThat(BatchGather.after(ms(12_000), MAX)).isEqualTo(MAX);
    assertThat(BatchGather.after(ms(12_000), Duration.ofMillis(300)))
        .isEqualTo(Duration.ofMillis(300));
  }

  @Test
  void aBatchAtNoDeviceDelayIsFollowedAtOnce() {
    // allocate-8 at d = 0: prepare and confirm 40-100 ms; a quarter is under the 50 ms minimum
    assertThat(BatchGather.after(ms(100), MAX)).isZero();
    assertThat(BatchGather.after(ms(199), MAX)).isZero();
    assertThat(BatchGather.after(ms(200), MAX)).isEqualTo(Duration.ofMillis(50));
    assertThat(BatchGather.after(0, MAX)).isZero();
  }

  @Test
  void gatherMaxZeroTurnsItOff() {
    assertThat(BatchGather.after(ms(12_000), Duration.ZERO)).isZero();
  }

  @Test
  void anAllocationsNotificationAnnouncesItsNumberOfChangesAndAnythingElseNone() {
    assertThat(BatchGather.changesIn("48")).isEqualTo(48);
    assertThat(BatchGather.changesIn("1")).isEqualTo(1);
    assertThat(BatchGather.changesIn(null)).isZero(); // an empty payload, as the listener gives it
    assertThat(BatchGather.changesIn("")).isZero();
    assertThat(BatchGather.changesIn("3f2a9c1e-0000-0000-0000-000000000000")).isZero();
    assertThat(BatchGather.changesIn("-1")).isZero();
    assertThat(BatchGather.changesIn("1234567890")).isZero(); // not a count we send
  }
}
