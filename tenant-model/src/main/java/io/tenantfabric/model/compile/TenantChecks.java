package io.tenantfabric.model.compile;

import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tenant rules of a snapshot: map key is the tenant's name, prefix inside the supernet, no VNI
 * held by two tenants, no two prefixes overlapping. Tenants are visited by name, so the first
 * conflict reported does not depend on the caller's map order.
 */
final class TenantChecks {

  private TenantChecks() {}

  static void check(FabricSnapshot snapshot) {
    Ipv4Prefix supernet = snapshot.profile().tenantSupernet();
    Map<Integer, String> vniOwner = new HashMap<>();
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
  // prefix that reaches farthest so far: one sort and one pass.
  private static void checkOverlaps(List<TenantIntent> tenants) {
    tenants.sort(Comparator.comparing(TenantIntent::prefix).thenComparing(TenantIntent::name));
    TenantIntent reach = null;
    for (TenantIntent t : tenants) {
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
