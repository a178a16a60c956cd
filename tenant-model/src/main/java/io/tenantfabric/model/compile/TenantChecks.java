package io.tenantfabric.model.compile;

import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tenant rules of a snapshot: map key is the tenant's name, prefix inside the supernet, no VNI
 * held by two tenants, no two prefixes overlapping. Tenants are visited by name, so the first
 * conflict reported does not depend on the caller's map order.
 */
final class TenantChecks {

  // 32 address bits + 6 length bits leave 25 bits of a positive long for the tenant's position
  private static final int POSITION_BITS = 25;
  private static final long POSITION_MASK = (1L << POSITION_BITS) - 1;

  private TenantChecks() {}

  static void check(FabricSnapshot snapshot) {
    Ipv4Prefix supernet = snapshot.profile().tenantSupernet();
    Map<Integer, String> vniOwner = new HashMap<>(snapshot.tenants().size() * 2);
    List<TenantIntent> withPrefix = new ArrayList<>();
    for (Map.Entry<String, TenantIntent> e : snapshot.tenants().entrySet()) {
      TenantIntent t = e.getValue();
      if (!e.getKey().equals(t.name())) {
        throw new IntentConflictException(
            "tenant-key",
            "tenant " + e.getKey(),
            "tenants map key " + e.getKey() + " holds tenant " + t.name());
      }
      if (t.vni() != null) {
        String other = vniOwner.putIfAbsent(t.vni().value(), t.name());
        if (other != null) {
          throw new IntentConflictException(
              "vni-shared",
              "vni " + t.vni(),
              "VNI " + t.vni() + " is held by both tenant " + other + " and tenant " + t.name());
        }
      }
      if (t.prefix() != null) {
        if (!supernet.contains(t.prefix())) {
          throw new IntentConflictException(
              "prefix-outside-supernet",
              "tenant " + t.name(),
              "prefix "
                  + t.prefix()
                  + " of tenant "
                  + t.name()
                  + " lies outside the tenant supernet "
                  + supernet);
        }
        withPrefix.add(t);
      }
    }
    checkOverlaps(withPrefix);
  }

  // CIDR prefixes either nest or are disjoint, so in address order an overlap always involves the
  // prefix that reaches farthest so far: one sort and one pass. The sort runs on primitive keys
  // (address, length, position in name order), as it runs on every compile call.
  private static void checkOverlaps(List<TenantIntent> tenants) {
    if (tenants.size() > POSITION_MASK) {
      throw new IllegalArgumentException(tenants.size() + " tenants with a prefix is beyond 2^25");
    }
    long[] keys = new long[tenants.size()];
    for (int i = 0; i < keys.length; i++) {
      Ipv4Prefix p = tenants.get(i).prefix();
      keys[i] = (p.firstAddress() << 6 | p.length()) << POSITION_BITS | i;
    }
    Arrays.sort(keys);
    TenantIntent reach = null;
    for (long key : keys) {
      TenantIntent t = tenants.get((int) (key & POSITION_MASK));
      if (reach != null && t.prefix().firstAddress() <= reach.prefix().lastAddress()) {
        throw new IntentConflictException(
            "prefix-overlap",
            "prefix " + t.prefix(),
            "prefix "
                + reach.prefix()
                + " of tenant "
                + reach.name()
                + " overlaps prefix "
                + t.prefix()
                + " of tenant "
                + t.name());
      }
      if (reach == null || t.prefix().lastAddress() > reach.prefix().lastAddress()) {
        reach = t;
      }
    }
  }
}
