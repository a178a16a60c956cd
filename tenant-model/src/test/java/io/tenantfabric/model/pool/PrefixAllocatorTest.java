package io.tenantfabric.model.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrefixAllocatorTest {

  private static final Ipv4Prefix SUPERNET = Ipv4Prefix.parse("10.0.0.0/8");
  private static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  private static final Duration DAY = Duration.ofHours(24);

  private static Ipv4Prefix p(String text) {
    return Ipv4Prefix.parse(text);
  }

  @ParameterizedTest
  @CsvSource({
    "1, 29",
    "5, 29",
    "6, 28",
    "8, 28",
    "13, 28",
    "14, 27",
    "64, 25",
    "1024, 21",
    "10240, 18"
  })
  void sizesThePrefixToTheQuota(int quota, int length) {
    assertThat(PrefixAllocator.prefixLengthFor(quota)).isEqualTo(length);
  }

  @Test
  void firstTenantGetsTheLowestBlock() {
    assertThat(PrefixAllocator.pick(SUPERNET, 8, Set.of(), Map.of(), NOW, DAY))
        .isEqualTo(p("10.0.0.0/28"));
  }

  @Test
  void skipsLivePrefixesAndStaysAligned() {
    Set<Ipv4Prefix> live = Set.of(p("10.0.0.0/29"), p("10.0.0.8/29"));

    assertThat(PrefixAllocator.pick(SUPERNET, 8, live, Map.of(), NOW, DAY))
        .isEqualTo(p("10.0.0.16/28"));
    assertThat(PrefixAllocator.pick(SUPERNET, 1, live, Map.of(), NOW, DAY))
        .isEqualTo(p("10.0.0.16/29"));
  }

  @Test
  void fillsAHoleBetweenLivePrefixesWhenItFits() {
    Set<Ipv4Prefix> live = Set.of(p("10.0.0.0/29"), p("10.0.0.16/28"));

    assertThat(PrefixAllocator.pick(SUPERNET, 2, live, Map.of(), NOW, DAY))
        .isEqualTo(p("10.0.0.8/29"));
  }

  @Test
  void aLargerLivePrefixCoveringLaterBlocksIsSkippedWhole() {
    Set<Ipv4Prefix> live = Set.of(p("10.0.0.0/16"), p("10.0.0.0/29"));

    assertThat(PrefixAllocator.pick(SUPERNET, 1, live, Map.of(), NOW, DAY))
        .isEqualTo(p("10.1.0.0/29"));
  }

  @Test
  void quarantinedPrefixesAreHeldBackUntilTheQuarantineEnds() {
    Map<Ipv4Prefix, Instant> released = Map.of(p("10.0.0.0/29"), NOW.minus(Duration.ofHours(2)));

    assertThat(PrefixAllocator.pick(SUPERNET, 1, Set.of(), released, NOW, DAY))
        .isEqualTo(p("10.0.0.8/29"));
    assertThat(PrefixAllocator.pick(SUPERNET, 1, Set.of(), released, NOW.plus(DAY), DAY))
        .isEqualTo(p("10.0.0.0/29"));
  }

  @Test
  void exhaustedSupernetNamesThePool() {
    Ipv4Prefix small = p("192.168.0.0/28");
    Set<Ipv4Prefix> live = Set.of(p("192.168.0.0/29"));
    Map<Ipv4Prefix, Instant> released = Map.of(p("192.168.0.8/29"), NOW);

    assertThatThrownBy(() -> PrefixAllocator.pick(small, 1, live, released, NOW, DAY))
        .isInstanceOfSatisfying(
            PoolExhaustedException.class,
            e -> {
              assertThat(e.pool()).isEqualTo("prefix 192.168.0.0/28 (/29 blocks)");
              assertThat(e.size()).isEqualTo(2);
              assertThat(e.live()).isEqualTo(1);
              assertThat(e.quarantined()).isEqualTo(1);
            });
    assertThatThrownBy(() -> PrefixAllocator.pick(small, 100, Set.of(), Map.of(), NOW, DAY))
        .isInstanceOf(PoolExhaustedException.class);
  }
}
