package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.List;
import java.util.Optional;

/** Test data builders for ACL rules; a null source or destination means any. */
public final class AclRules {

  private AclRules() {}

  public static AclRule permit(int id, String source, String destination) {
    return rule(id, AclAction.PERMIT, source, destination);
  }

  public static AclRule deny(int id, String source, String destination) {
    return rule(id, AclAction.DENY, source, destination);
  }

  public static AclConfig acl(AclRule... rules) {
    return new AclConfig("t-test-in", List.of(rules));
  }

  private static AclRule rule(int id, AclAction action, String source, String destination) {
    return new AclRule(id, action, prefix(source), prefix(destination), false, "");
  }

  private static Optional<Ipv4Prefix> prefix(String text) {
    return Optional.ofNullable(text).map(Ipv4Prefix::parse);
  }
}
