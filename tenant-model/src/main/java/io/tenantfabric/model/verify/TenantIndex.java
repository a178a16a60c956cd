package io.tenantfabric.model.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The live tenants, by name, by VNI and by prefix (prefixes sorted by first address, so that the
 * tenants an address range reaches are found by binary search).
 */
final class TenantIndex {
  /** At most this many foreign tenants are named in one finding; the summary gives the count. */
  static final int NAMED = 16;

  /** Which foreign tenants a range of destinations reaches: how many, and the first few. */
  record Exposure(int count, List<String> named) {}

  private final Map<String, TenantIdentity> byName;
  private final Map<Integer, String> byVni = new HashMap<>();
  private final TenantIdentity[] byPrefix;

  TenantIndex(Map<String, TenantIdentity> tenants) {
    this.byName = tenants;
    tenants.values().forEach(t -> byVni.put(t.vni().value(), t.name()));
    byPrefix = tenants.values().toArray(new TenantIdentity[0]);
    Arrays.sort(
        byPrefix,
        Comparator.comparingLong((TenantIdentity t) -> t.prefix().firstAddress())
            .thenComparing(TenantIdentity::name));
  }

  Optional<TenantIdentity> named(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  boolean isTenant(String name) {
    return byName.containsKey(name);
  }

  /** The tenant whose VNI this is, or null. */
  String ownerOfVni(int vni) {
    return byVni.get(vni);
  }

  /** The tenants other than {@code owner} whose prefixes overlap {@code reach}. */
  Exposure foreignIn(AddressSet reach, String owner) {
    int count = 0;
    List<String> named = new ArrayList<>();
    // a prefix with a hole in the reach overlaps two ranges: start each range after the prefixes
    // the ranges before it counted
    int counted = 0;
    for (int r = 0; r < reach.ranges(); r++) {
      int from = Math.max(firstEndingAtOrAfter(reach.first(r)), counted);
      int to = firstStartingAfter(reach.last(r));
      if (from >= to) {
        continue;
      }
      for (int i = from; i < to && named.size() < NAMED + 1; i++) {
        if (!byPrefix[i].name().equals(owner)) {
          named.add(byPrefix[i].name());
        }
      }
      count += to - from;
      if (ownerWithin(owner, from, to)) {
        count--;
      }
      counted = to;
    }
    named.sort(null);
    return new Exposure(count, named.size() > NAMED ? named.subList(0, NAMED) : named);
  }

  private boolean ownerWithin(String owner, int from, int to) {
    TenantIdentity t = byName.get(owner);
    if (t == null) {
      return false;
    }
    int i = firstEndingAtOrAfter(t.prefix().firstAddress());
    return i >= from && i < to && byPrefix[i].name().equals(owner);
  }

  // prefixes of live tenants never overlap (one allocator hands them out), so both ends of the
  // sorted array are monotonic in the address
  private int firstEndingAtOrAfter(long address) {
    int lo = 0;
    int hi = byPrefix.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (byPrefix[mid].prefix().lastAddress() < address) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private int firstStartingAfter(long address) {
    int lo = 0;
    int hi = byPrefix.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (byPrefix[mid].prefix().firstAddress() <= address) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
