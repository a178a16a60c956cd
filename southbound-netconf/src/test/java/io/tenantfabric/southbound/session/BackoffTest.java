package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Reconnect back-off: exponential, capped, jitter only ever shortens the wait. */
class BackoffTest {

  private final Backoff backoff =
      new Backoff(Duration.ofMillis(100), Duration.ofSeconds(5), 2.0, 0.5, 8);

  @Test
  void doublesUntilTheCapWithoutJitter() {
    assertThat(backoff.delayAfter(1, () -> 0.0)).isEqualTo(Duration.ofMillis(100));
    assertThat(backoff.delayAfter(2, () -> 0.0)).isEqualTo(Duration.ofMillis(200));
    assertThat(backoff.delayAfter(3, () -> 0.0)).isEqualTo(Duration.ofMillis(400));
    assertThat(backoff.delayAfter(7, () -> 0.0)).isEqualTo(Duration.ofSeconds(5));
    assertThat(backoff.delayAfter(60, () -> 0.0)).isEqualTo(Duration.ofSeconds(5));
  }

  @Property
  void jitteredDelayStaysWithinItsBand(
      @ForAll @IntRange(min = 1, max = 40) int attempt,
      @ForAll @DoubleRange(min = 0.0, max = 1.0, maxIncluded = false) double random) {
    Duration base = backoff.delayAfter(attempt, () -> 0.0);
    Duration d = backoff.delayAfter(attempt, () -> random);
    assertThat(d).isLessThanOrEqualTo(base).isLessThanOrEqualTo(Duration.ofSeconds(5));
    assertThat(d.toNanos()).isGreaterThanOrEqualTo(base.toNanos() / 2 - 1);
  }

  @Property
  void unjitteredDelayNeverShrinks(@ForAll @IntRange(min = 1, max = 40) int attempt) {
    assertThat(backoff.delayAfter(attempt + 1, () -> 0.0))
        .isGreaterThanOrEqualTo(backoff.delayAfter(attempt, () -> 0.0));
  }
}
