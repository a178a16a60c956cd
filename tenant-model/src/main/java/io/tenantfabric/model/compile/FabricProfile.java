package io.tenantfabric.model.compile;

import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.topology.Fabric;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The fabric-wide settings every device config is compiled with: the lossless RoCE 802.1p priority,
 * the tenant supernet every tenant ACL denies, and the shared prefixes (storage, management) every
 * tenant may reach, permitted in list order ahead of that deny.
 */
public record FabricProfile(
    int rocePriority, Ipv4Prefix tenantSupernet, List<Ipv4Prefix> sharedPrefixes) {

  /**
   * Most shared prefixes a tenant ACL can hold: rule ids step by 10 up to {@link AclRule#MAX_ID},
   * and two ids go to the tenant's own prefix and the supernet deny.
   */
  public static final int MAX_SHARED_PREFIXES = AclRule.MAX_ID / TenantAcl.RULE_STEP - 2;

  public FabricProfile {
    Objects.requireNonNull(tenantSupernet, "tenantSupernet");
    sharedPrefixes = List.copyOf(sharedPrefixes);
    if (rocePriority < 0 || rocePriority > 7) {
      throw new IntentConflictException(
          "roce-priority", "profile", "RoCE priority " + rocePriority + " is outside 0..7");
    }
    if (sharedPrefixes.size() > MAX_SHARED_PREFIXES) {
      throw new IntentConflictException(
          "shared-prefix-count",
          "profile",
          sharedPrefixes.size()
              + " shared prefixes do not fit a tenant ACL (at most "
              + MAX_SHARED_PREFIXES
              + ")");
    }
    Set<Ipv4Prefix> seen = new HashSet<>();
    for (Ipv4Prefix shared : sharedPrefixes) {
      // a shared prefix inside the supernet would be permitted ahead of the inter-tenant deny and
      // so open a hole into address space that tenants are (or will be) given
      if (shared.overlaps(tenantSupernet)) {
        throw new IntentConflictException(
            "shared-prefix-in-supernet",
            "shared prefix " + shared,
            "shared prefix " + shared + " overlaps the tenant supernet " + tenantSupernet);
      }
      if (!seen.add(shared)) {
        throw new IntentConflictException(
            "shared-prefix-duplicate",
            "shared prefix " + shared,
            "shared prefix " + shared + " is listed twice");
      }
    }
  }

  /** The fabric's own RoCE priority and tenant supernet, with no shared prefixes. */
  public static FabricProfile from(Fabric fabric) {
    return new FabricProfile(fabric.rocePriority(), fabric.tenantSupernet(), List.of());
  }
}
