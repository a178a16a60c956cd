package io.tenantfabric.model.pool;

import java.time.Duration;
import java.time.Instant;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The VNI and prefix pools of a fabric kept across picks: built once from the live values and the
 * releases still in quarantine, then each pick costs about the live values it skips at 1 bit each
 * (VNIs) or a few tree lookups per blocking prefix, and recording an assignment is one insert.
 * Picks exactly as {@link VniAllocator#pick} and {@link PrefixAllocator#pick} on the same state.
 * Not thread-safe: its owner serialises picks (the controller does so under the fabric lock).
 */
public final class PoolIndex {
  private final VniRange range;
  private final Ipv4Prefix supernet;
  private final Duration quarantine;
  private final BitSet liveVnis;
  private final Map<Integer, Instant> vniReleases;

  /** Live prefixes (disjoint): first address to last. */
  private final TreeMap<Long, Long> livePrefixes = new TreeMap<>();

  private final TreeMap<Ipv4Prefix, Instant> prefixReleases;

  /** The prefix lengths of the releases, so a window checks only those that can contain it. */
  private final BitSet releaseLengths = new BitSet(33);

  /**
   * Per prefix length, the window where the last pick found the first free block: every window
   * below it was blocked then, by live prefixes (which stay until the index is rebuilt) or by
   * releases in quarantine, which stay blocking until {@link #cursorsValidUntil}.
   */
  private final Map<Integer, Long> cursors = new HashMap<>();

  private Instant cursorsValidUntil = Instant.MIN;
  private Instant cursorsSetAt = Instant.MIN;
  // kept for the exhaustion message, which counts them as the allocators do
  private final Set<Vni> liveVniSet;
  private final Set<Ipv4Prefix> livePrefixSet;

  private PoolIndex(
      VniRange range,
      Ipv4Prefix supernet,
      Duration quarantine,
      Set<Vni> liveVnis,
      Map<Vni, Instant> vniReleases,
      Set<Ipv4Prefix> livePrefixes,
      Map<Ipv4Prefix, Instant> prefixReleases) {
    Quarantine.requireValid(quarantine);
    this.range = range;
    this.supernet = supernet;
    this.quarantine = quarantine;
    this.liveVnis = new BitSet(range.size());
    this.vniReleases = new HashMap<>();
    this.liveVniSet = new HashSet<>(liveVnis);
    this.livePrefixSet = new HashSet<>(livePrefixes);
    liveVnis.forEach(this::markVni);
    vniReleases.forEach(
        (v, at) -> this.vniReleases.merge(v.value(), at, (a, b) -> a.isAfter(b) ? a : b));
    livePrefixes.forEach(this::markPrefix);
    this.prefixReleases = new TreeMap<>(prefixReleases);
    prefixReleases.keySet().forEach(p -> releaseLengths.set(p.length()));
  }

  /** The pools of a fabric: its VNI range and supernet, the live values and the releases. */
  public static PoolIndex of(
      VniRange range,
      Ipv4Prefix supernet,
      Duration quarantine,
      Set<Vni> liveVnis,
      Map<Vni, Instant> vniReleases,
      Set<Ipv4Prefix> livePrefixes,
      Map<Ipv4Prefix, Instant> prefixReleases) {
    return new PoolIndex(
        range, supernet, quarantine, liveVnis, vniReleases, livePrefixes, prefixReleases);
  }

  /** The lowest VNI neither live nor in quarantine at {@code now}. */
  public Vni pickVni(Instant now) {
    for (int i = liveVnis.nextClearBit(0); i < range.size(); i = liveVnis.nextClearBit(i + 1)) {
      int v = range.first() + i;
      if (!Quarantine.holds(vniReleases.get(v), now, quarantine)) {
        return new Vni(v);
      }
    }
    // exhausted: the allocator builds the same exception from the same state
    return VniAllocator.pick(range, liveVniSet, vniReleasesByVni(), now, quarantine);
  }

  /** The lowest aligned prefix for {@code gpuQuota} blocked by nothing live or in quarantine. */
  public Ipv4Prefix pickPrefix(int gpuQuota, Instant now) {
    int length = PrefixAllocator.prefixLengthFor(gpuQuota);
    if (length >= supernet.length()) {
      if (!now.isBefore(cursorsValidUntil) || now.isBefore(cursorsSetAt)) {
        cursors.clear(); // a release may have left quarantine below a cursor
        cursorsSetAt = now;
        cursorsValidUntil = nextExpiry(now);
      }
      long size = 1L << (32 - length);
      long candidate = Math.max(supernet.firstAddress(), cursors.getOrDefault(length, 0L));
      while (candidate + size - 1 <= supernet.lastAddress()) {
        long end = candidate + size - 1;
        long blockedTo = blockedUntil(candidate, end, length, now);
        if (blockedTo < 0) {
          cursors.put(length, candidate);
          return new Ipv4Prefix((int) candidate, length);
        }
        candidate = (blockedTo + 1 + size - 1) / size * size;
      }
    }
    return PrefixAllocator.pick(
        supernet, gpuQuota, livePrefixSet, prefixReleases, now, quarantine); // throws: exhausted
  }

  /** Records a VNI and prefix as live. */
  public void assign(Vni vni, Ipv4Prefix prefix) {
    markVni(vni);
    liveVniSet.add(vni);
    markPrefix(prefix);
    livePrefixSet.add(prefix);
  }

  /** The last address of something blocking {@code [first, end]}, or -1 when nothing does. */
  private long blockedUntil(long first, long end, int length, Instant now) {
    long blocked = -1;
    // live prefixes are disjoint: the one starting last at or before the end is the only one
    // that can reach furthest into the window
    Map.Entry<Long, Long> live = livePrefixes.floorEntry(end);
    if (live != null && live.getValue() >= first) {
      blocked = live.getValue();
    }
    // releases inside the window (a prefix at its first address and shorter contains it)
    Ipv4Prefix from = new Ipv4Prefix((int) first, length);
    for (Map.Entry<Ipv4Prefix, Instant> r :
        prefixReleases.subMap(from, true, new Ipv4Prefix((int) end, 32), true).entrySet()) {
      if (Quarantine.holds(r.getValue(), now, quarantine)) {
        blocked = Math.max(blocked, r.getKey().lastAddress());
      }
    }
    // releases containing the window: one aligned prefix per shorter length that has releases
    for (int len = releaseLengths.nextSetBit(0);
        len >= 0 && len < length;
        len = releaseLengths.nextSetBit(len + 1)) {
      long mask = len == 0 ? 0 : (0xFFFF_FFFFL << (32 - len)) & 0xFFFF_FFFFL;
      Ipv4Prefix around = new Ipv4Prefix((int) (first & mask), len);
      Instant at = prefixReleases.get(around);
      if (Quarantine.holds(at, now, quarantine)) {
        blocked = Math.max(blocked, around.lastAddress());
      }
    }
    return blocked;
  }

  /** When the first release still in quarantine at {@code now} leaves it. */
  private Instant nextExpiry(Instant now) {
    Instant next = Instant.MAX;
    for (Instant at : prefixReleases.values()) {
      Instant end = at.plus(quarantine);
      if (end.isAfter(now) && end.isBefore(next)) {
        next = end;
      }
    }
    return next;
  }

  private void markVni(Vni vni) {
    if (range.contains(vni)) {
      liveVnis.set(vni.value() - range.first());
    }
  }

  private void markPrefix(Ipv4Prefix p) {
    livePrefixes.put(p.firstAddress(), p.lastAddress());
  }

  private Map<Vni, Instant> vniReleasesByVni() {
    Map<Vni, Instant> out = new HashMap<>();
    vniReleases.forEach((v, at) -> out.put(new Vni(v), at));
    return out;
  }
}
