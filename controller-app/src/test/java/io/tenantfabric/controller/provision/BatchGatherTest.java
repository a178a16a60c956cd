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
    // a batch at no device delay: prepare and confirm under 200 ms, a quarter under the minimum
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
    assertThat(BatchGather.changesIn("48:90210")).isEqualTo(48); // with its transaction's id
    assertThat(BatchGather.changesIn(null)).isZero(); // an empty payload, as the listener gives it
    assertThat(BatchGather.changesIn("")).isZero();
    assertThat(BatchGather.changesIn("3f2a9c1e-0000-0000-0000-000000000000")).isZero();
    assertThat(BatchGather.changesIn("-1")).isZero();
    assertThat(BatchGather.changesIn("1234567890")).isZero(); // not a count we send
  }

  @Test
  void intentStreamsInWhenAtLeastAnEighthOfWhatTheBatchSettledArrivedWhileItRan() {
    // bringup-2048: 21-31 arrived during batches that settled 85-115 (their gathers carried more)
    assertThat(BatchGather.streaming(21, 115)).isTrue();
    assertThat(BatchGather.streaming(15, 115)).isTrue(); // an eighth, rounded up
    assertThat(BatchGather.streaming(14, 115)).isFalse();
    assertThat(BatchGather.streaming(2, 1)).isTrue();
  }

  @Test
  void waitingClientsNeverStream() {
    // allocate-8: its one client waits for the batch; burst: its 48 clients came back in the gather
    assertThat(BatchGather.streaming(0, 1)).isFalse();
    assertThat(BatchGather.streaming(0, 48)).isFalse();
    assertThat(BatchGather.streaming(1, 1)).isFalse(); // one change is not yet a stream
    assertThat(BatchGather.streaming(5, 48)).isFalse(); // a few slow clients of the batch before
  }

  @Test
  void aBatchThatSettledNothingIsFollowedAtOnceEvenWhileIntentStreams() {
    assertThat(BatchGather.streaming(500, 0)).isFalse(); // a drift repair, a failed batch
  }

  @Test
  void whileIntentStreamsTheGatherIsTwiceTheBatchAtMostGatherMax() {
    assertThat(BatchGather.whileStreaming(ms(300), MAX)).isEqualTo(Duration.ofMillis(600));
    assertThat(BatchGather.whileStreaming(ms(550), MAX)).isEqualTo(MAX);
    assertThat(BatchGather.whileStreaming(ms(4_000), Duration.ofMillis(300)))
        .isEqualTo(Duration.ofMillis(300));
    assertThat(BatchGather.whileStreaming(ms(24), MAX)).isZero(); // 48 ms: under the minimum
    assertThat(BatchGather.whileStreaming(ms(25), MAX)).isEqualTo(Duration.ofMillis(50));
    assertThat(BatchGather.whileStreaming(ms(4_000), Duration.ZERO)).isZero();
  }

  @Test
  void aGatherWhileIntentStreamsEndsOnceNoIntentArrivedForATenthOfASecond() {
    assertThat(BatchGather.streamQuietLeft(0)).isEqualTo(ms(100));
    assertThat(BatchGather.streamQuietLeft(ms(30))).isEqualTo(ms(70));
    assertThat(BatchGather.streamQuietLeft(ms(100))).isZero();
    assertThat(BatchGather.streamQuietLeft(ms(778))).isZero(); // bringup-2048's last gather
  }
}
