package io.tenantfabric.model.verify;

import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.ArrayList;
import java.util.List;

/**
 * A set of IPv4 addresses as sorted, disjoint, non-adjacent closed ranges of unsigned values; the
 * few operations the ACL walk needs. Immutable.
 */
final class AddressSet {
  static final long MAX = 0xFFFF_FFFFL;
  static final AddressSet EMPTY = new AddressSet(new long[0]);
  static final AddressSet ALL = new AddressSet(new long[] {0, MAX});

  /** first0, last0, first1, last1, ... */
  private final long[] bounds;

  private AddressSet(long[] bounds) {
    this.bounds = bounds;
  }

  static AddressSet of(Ipv4Prefix prefix) {
    return new AddressSet(new long[] {prefix.firstAddress(), prefix.lastAddress()});
  }

  int ranges() {
    return bounds.length / 2;
  }

  long first(int i) {
    return bounds[2 * i];
  }

  long last(int i) {
    return bounds[2 * i + 1];
  }

  boolean isEmpty() {
    return bounds.length == 0;
  }

  AddressSet union(AddressSet other) {
    List<long[]> all = new ArrayList<>(ranges() + other.ranges());
    int i = 0;
    int j = 0;
    while (i < ranges() || j < other.ranges()) {
      boolean mine = j >= other.ranges() || (i < ranges() && first(i) <= other.first(j));
      long[] r = mine ? new long[] {first(i), last(i)} : new long[] {other.first(j), other.last(j)};
      if (mine) {
        i++;
      } else {
        j++;
      }
      long[] tail = all.isEmpty() ? null : all.get(all.size() - 1);
      if (tail != null && r[0] <= tail[1] + 1) {
        tail[1] = Math.max(tail[1], r[1]);
      } else {
        all.add(r);
      }
    }
    return from(all);
  }

  AddressSet minus(AddressSet other) {
    return intersect(other.complement());
  }

  AddressSet complement() {
    List<long[]> out = new ArrayList<>(ranges() + 1);
    long next = 0;
    for (int i = 0; i < ranges(); i++) {
      if (first(i) > next) {
        out.add(new long[] {next, first(i) - 1});
      }
      next = last(i) + 1;
    }
    if (next <= MAX) {
      out.add(new long[] {next, MAX});
    }
    return from(out);
  }

  AddressSet intersect(AddressSet other) {
    List<long[]> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < ranges() && j < other.ranges()) {
      long lo = Math.max(first(i), other.first(j));
      long hi = Math.min(last(i), other.last(j));
      if (lo <= hi) {
        out.add(new long[] {lo, hi});
      }
      if (last(i) < other.last(j)) {
        i++;
      } else {
        j++;
      }
    }
    return from(out);
  }

  private static AddressSet from(List<long[]> ranges) {
    long[] b = new long[ranges.size() * 2];
    for (int k = 0; k < ranges.size(); k++) {
      b[2 * k] = ranges.get(k)[0];
      b[2 * k + 1] = ranges.get(k)[1];
    }
    return new AddressSet(b);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < ranges(); i++) {
      s.append(i == 0 ? "" : ", ")
          .append(Ipv4Prefix.dotted((int) first(i)))
          .append('-')
          .append(Ipv4Prefix.dotted((int) last(i)));
    }
    return s.append(']').toString();
  }
}
