package io.tenantfabric.model.compile;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A tenant's inbound ACL {@code t-<tenant>-in}: permit its own prefix to itself, permit each shared
 * prefix in profile order, then deny (and count) the rest of the tenant supernet. Rule ids step by
 * 10 so an operator can slot a rule in by hand; comments as the Comware driver's fixtures.
 */
final class TenantAcl {
  static final int RULE_STEP = 10;

  private TenantAcl() {}

  /** The ACL name of a tenant. */
  static String name(String tenant) {
    return "t-" + tenant + "-in";
  }

  static AclConfig of(TenantIntent tenant, FabricProfile profile) {
    Optional<Ipv4Prefix> own = Optional.of(tenant.prefix());
    List<AclRule> rules = new ArrayList<>(profile.sharedPrefixes().size() + 2);
    rules.add(new AclRule(RULE_STEP, AclAction.PERMIT, own, own, false, "intra-tenant"));
    for (Ipv4Prefix shared : profile.sharedPrefixes()) {
      rules.add(
          new AclRule(
              RULE_STEP * (rules.size() + 1),
              AclAction.PERMIT,
              Optional.empty(),
              Optional.of(shared),
              false,
              "shared prefix"));
    }
    rules.add(
        new AclRule(
            RULE_STEP * (rules.size() + 1),
            AclAction.DENY,
            Optional.empty(),
            Optional.of(profile.tenantSupernet()),
            true,
            "inter-tenant deny"));
    return new AclConfig(name(tenant.name()), rules);
  }
}
