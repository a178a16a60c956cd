package io.tenantfabric.model.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VniAllocatorTest {

  private static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  private static final Duration DAY = Duration.ofHours(24);

  @Test
  void picksTheLowestVniOfAnEmptyRange() {
    assertThat(VniAllocator.pick(VniRange.DEFAULT, Set.of(), Map.of(), NOW, DAY))
        .isEqualTo(new Vni(10000));
  }

  @Test
  void skipsLiveVnis() {
    Set<Vni> live = Set.of(new Vni(10000), new Vni(10001), new Vni(10003));

    assertThat(VniAllocator.pick(VniRange.DEFAULT, live, Map.of(), NOW, DAY))
        .isEqualTo(new Vni(10002));
  }

  @Test
  void aVniReleasedLessThanTheQuarantineAgoIsHeldBack() {
    Map<Vni, Instant> released = Map.of(new Vni(10000), NOW.minus(Duration.ofHours(23)));

    assertThat(VniAllocator.pick(VniRange.DEFAULT, Set.of(), released, NOW, DAY))
        .isEqualTo(new Vni(10001));
  }

  @Test
  void aVniIsReusableExactlyWhenItsQuarantineEnds() {
    Map<Vni, Instant> released = Map.of(new Vni(10000), NOW.minus(DAY));

    assertThat(VniAllocator.pick(VniRange.DEFAULT, Set.of(), released, NOW, DAY))
        .isEqualTo(new Vni(10000));
    assertThat(VniAllocator.pick(VniRange.DEFAULT, Set.of(), released, NOW, Duration.ofDays(2)))
        .isEqualTo(new Vni(10001));
    assertThat(VniAllocator.pick(VniRange.DEFAULT, Set.of(), released, NOW, Duration.ZERO))
        .isEqualTo(new Vni(10000));
  }

  @Test
  void exhaustedRangeNamesThePoolAndItsSize() {
    VniRange tiny = new VniRange(500, 502);
    Set<Vni> live = Set.of(new Vni(500), new Vni(502));
    Map<Vni, Instant> released = Map.of(new Vni(501), NOW.minusSeconds(60));

    assertThatThrownBy(() -> VniAllocator.pick(tiny, live, released, NOW, DAY))
        .isInstanceOfSatisfying(
            PoolExhaustedException.class,
            e -> {
              assertThat(e.pool()).isEqualTo("vni 500-502");
              assertThat(e.size()).isEqualTo(3);
              assertThat(e.live()).isEqualTo(2);
              assertThat(e.quarantined()).isEqualTo(1);
            })
        .hasMessage("pool vni 500-502 is exhausted: size 3, 2 live, 1 quarantined");
  }

  @Test
  void vniAndRangeValidateThemselves() {
    assertThatThrownBy(() -> new Vni(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Vni(16_777_216)).isInstanceOf(IllegalArgumentException.class);
    assertThat(new Vni(16_777_215).value()).isEqualTo(16_777_215);
    assertThatThrownBy(() -> new VniRange(10, 9)).isInstanceOf(IllegalArgumentException.class);
    assertThat(VniRange.DEFAULT.size()).isEqualTo(90000);
  }

  @Test
  void negativeQuarantineIsRejected() {
    assertThatThrownBy(
            () ->
                VniAllocator.pick(
                    VniRange.DEFAULT, Set.of(), Map.of(), NOW, Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
