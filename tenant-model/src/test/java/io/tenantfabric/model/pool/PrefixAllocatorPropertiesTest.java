package io.tenantfabric.model.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class PrefixAllocatorPropertiesTest {

  private static final Ipv4Prefix SUPERNET = Ipv4Prefix.parse("10.0.0.0/8");
  private static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  private static final Duration DAY = Duration.ofHours(24);

  @Property(tries = 200)
  void repeatedPicksNeverOverlapAndStayInsideTheSupernet(
      @ForAll @IntRange(min = 1, max = 300) int quota,
      @ForAll @IntRange(min = 1, max = 40) int tenants) {
    Set<Ipv4Prefix> live = new HashSet<>();
    for (int t = 0; t < tenants; t++) {
      int q = 1 + (quota * (t + 1)) % 300;
      Ipv4Prefix picked = PrefixAllocator.pick(SUPERNET, q, live, Map.of(), NOW, DAY);
      assertThat(SUPERNET.contains(picked)).isTrue();
      assertThat(picked.size()).isGreaterThanOrEqualTo(q + 3L);
      assertThat(live).noneMatch(picked::overlaps);
      live.add(picked);
    }
  }
}
