package io.tenantfabric.model.pool;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Carves one aligned tenant prefix out of the tenant supernet, sized to the tenant's GPU quota,
 * lowest address first, never overlapping a live or quarantined prefix.
 *
 * <p>Sizing: one address per GPU plus three (network, broadcast, one reserved for a gateway),
 * rounded up to a power of two, at least a /29 (8 addresses); so quota 1..5 -> /29, 8 -> /28, 1024
 * -> /21.
 */
public final class PrefixAllocator {

  /** The smallest prefix handed to a tenant. */
  public static final int LONGEST_PREFIX = 29;

  private static final int RESERVED_ADDRESSES = 3;

  private PrefixAllocator() {}

  /** Prefix length for a GPU quota (quota >= 1), following the sizing rule of this class. */
  public static int prefixLengthFor(int gpuQuota) {
    if (gpuQuota < 1) {
      throw new IllegalArgumentException("GPU quota must be at least 1, was " + gpuQuota);
    }
    long needed = (long) gpuQuota + RESERVED_ADDRESSES;
    int hostBits = 64 - Long.numberOfLeadingZeros(needed - 1);
    return Math.min(LONGEST_PREFIX, 32 - hostBits);
  }

  /**
   * Lowest aligned prefix of {@link #prefixLengthFor(int)} inside the supernet that overlaps no
   * live prefix and no prefix released less than {@code quarantine} before {@code now}.
   */
  public static Ipv4Prefix pick(
      Ipv4Prefix supernet,
      int gpuQuota,
      Set<Ipv4Prefix> live,
      Map<Ipv4Prefix, Instant> releasedAt,
      Instant now,
      Duration quarantine) {
    Quarantine.requireValid(quarantine);
    int length = prefixLengthFor(gpuQuota);
    if (length < supernet.length()) {
      throw exhausted(supernet, length, live, releasedAt, now, quarantine);
    }
    List<Ipv4Prefix> blockers = new ArrayList<>(live.size() + releasedAt.size());
    for (Ipv4Prefix p : live) {
      if (p.overlaps(supernet)) {
        blockers.add(p);
      }
    }
    releasedAt.forEach(
        (p, at) -> {
          if (p.overlaps(supernet) && Quarantine.holds(at, now, quarantine)) {
            blockers.add(p);
          }
        });
    blockers.sort(null);
    long size = 1L << (32 - length);
    long candidate = supernet.firstAddress();
    // Blockers are sorted by first address: any blocker that starts before the candidate and
    // was skipped ended before it, so one pass finds the lowest free aligned block.
    for (Ipv4Prefix b : blockers) {
      if (b.lastAddress() < candidate) {
        continue;
      }
      if (b.firstAddress() >= candidate + size) {
        break;
      }
      candidate = alignUp(b.lastAddress() + 1, size);
    }
    if (candidate + size - 1 > supernet.lastAddress()) {
      throw exhausted(supernet, length, live, releasedAt, now, quarantine);
    }
    return new Ipv4Prefix((int) candidate, length);
  }

  private static long alignUp(long value, long size) {
    return (value + size - 1) / size * size;
  }

  private static PoolExhaustedException exhausted(
      Ipv4Prefix supernet,
      int length,
      Set<Ipv4Prefix> live,
      Map<Ipv4Prefix, Instant> releasedAt,
      Instant now,
      Duration quarantine) {
    return new PoolExhaustedException(
        "prefix " + supernet + " (/" + length + " blocks)",
        length < supernet.length() ? 0 : 1L << (length - supernet.length()),
        live.stream().filter(supernet::overlaps).count(),
        releasedAt.entrySet().stream()
            .filter(e -> supernet.overlaps(e.getKey()) && !live.contains(e.getKey()))
            .filter(e -> Quarantine.holds(e.getValue(), now, quarantine))
            .count());
  }
}
