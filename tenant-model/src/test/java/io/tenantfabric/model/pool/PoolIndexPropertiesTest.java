package io.tenantfabric.model.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The pool index picks exactly what the allocators pick on the same state, pick after pick, with
 * live values, releases in and out of quarantine, nested released prefixes and mixed quotas.
 */
class PoolIndexPropertiesTest {

  private static final Ipv4Prefix SUPERNET = Ipv4Prefix.parse("10.0.0.0/16");
  private static final VniRange RANGE = new VniRange(10000, 10400);
  private static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  private static final Duration DAY = Duration.ofHours(24);

  @Property(tries = 300)
  void picksAsTheAllocatorsDo(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 60) int tenants,
      @ForAll @IntRange(min = 0, max = 40) int releases,
      @ForAll @IntRange(min = 1, max = 40) int picks) {
    Random r = new Random(seed);
    Set<Vni> liveVnis = new HashSet<>();
    Set<Ipv4Prefix> livePrefixes = new HashSet<>();
    Map<Vni, Instant> vniReleases = new HashMap<>();
    Map<Ipv4Prefix, Instant> prefixReleases = new HashMap<>();
    for (int t = 0; t < tenants; t++) {
      int quota = quota(r);
      Ipv4Prefix p = PrefixAllocator.pick(SUPERNET, quota, livePrefixes, prefixReleases, NOW, DAY);
      livePrefixes.add(p);
      liveVnis.add(VniAllocator.pick(RANGE, liveVnis, vniReleases, NOW, DAY));
    }
    for (int i = 0; i < releases; i++) {
      // some inside the quarantine, some expired; prefixes of any length 20..29, aligned
      Instant at = NOW.minus(Duration.ofHours(r.nextInt(48)));
      vniReleases.put(new Vni(RANGE.first() + r.nextInt(RANGE.size())), at);
      int length = 20 + r.nextInt(10);
      long block = 1L << (32 - length);
      long first = SUPERNET.firstAddress() + block * r.nextInt((int) (SUPERNET.size() / block));
      prefixReleases.put(new Ipv4Prefix((int) first, length), at);
    }
    PoolIndex index =
        PoolIndex.of(RANGE, SUPERNET, DAY, liveVnis, vniReleases, livePrefixes, prefixReleases);
    for (int i = 0; i < picks; i++) {
      int quota = quota(r);
      Instant now = NOW.plus(Duration.ofHours(r.nextInt(30)));
      Vni vni = VniAllocator.pick(RANGE, liveVnis, vniReleases, now, DAY);
      Ipv4Prefix prefix =
          PrefixAllocator.pick(SUPERNET, quota, livePrefixes, prefixReleases, now, DAY);
      assertThat(index.pickVni(now)).isEqualTo(vni);
      assertThat(index.pickPrefix(quota, now)).isEqualTo(prefix);
      index.assign(vni, prefix);
      liveVnis.add(vni);
      livePrefixes.add(prefix);
    }
  }

  @Test
  void anExhaustedPoolThrowsAsTheAllocatorDoes() {
    Ipv4Prefix tiny = Ipv4Prefix.parse("10.9.0.0/28");
    PoolIndex index =
        PoolIndex.of(
            new VniRange(5000, 5000),
            tiny,
            DAY,
            Set.of(new Vni(5000)),
            Map.of(),
            Set.of(Ipv4Prefix.parse("10.9.0.0/29")),
            Map.of(Ipv4Prefix.parse("10.9.0.8/29"), NOW.minusSeconds(60)));
    assertThatThrownBy(() -> index.pickVni(NOW)).isInstanceOf(PoolExhaustedException.class);
    assertThatThrownBy(() -> index.pickPrefix(1, NOW)).isInstanceOf(PoolExhaustedException.class);
    // once the quarantine is over, the released block is free again
    assertThat(index.pickPrefix(1, NOW.plus(DAY))).isEqualTo(Ipv4Prefix.parse("10.9.0.8/29"));
  }

  private static int quota(Random r) {
    int[] quotas = {1, 2, 5, 8, 13, 16, 60, 64, 200, 512};
    return quotas[r.nextInt(quotas.length)];
  }
}
