package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;

/**
 * Where an inbound ACL lets a port's traffic go: the destinations some packet from the port
 * reaches, whatever its source address (a GPU can spoof its source; it cannot make a switch forward
 * to a destination the ACL denies). Rules are walked in id order, first match wins, and what no
 * rule decides is permitted (a Comware packet-filter's default action). A rule restricted to some
 * sources decides nothing for the others: its destinations are permitted (if it permits) yet stay
 * open for the rules after it; a source of every address (0.0.0.0/0) is no restriction. The result
 * over-approximates, never under.
 */
final class AclReach {
  private AclReach() {}

  static AddressSet permitted(AclConfig acl) {
    AddressSet decided = AddressSet.EMPTY;
    AddressSet permitted = AddressSet.EMPTY;
    for (AclRule rule : acl.rules()) {
      AddressSet dst = rule.destination().map(AddressSet::of).orElse(AddressSet.ALL);
      AddressSet open = dst.minus(decided);
      if (rule.action() == AclAction.PERMIT) {
        permitted = permitted.union(open);
      }
      // "source 0.0.0.0 255.255.255.255" (as the parsers read it: 0.0.0.0/0) restricts nothing
      if (rule.source().map(p -> p.length() == 0).orElse(true)) {
        decided = decided.union(dst);
      }
    }
    return permitted.union(decided.complement());
  }
}
