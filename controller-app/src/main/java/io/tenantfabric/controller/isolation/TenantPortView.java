package io.tenantfabric.controller.isolation;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * What a TENANT token sees of its own port as a switch showed it: the VSI, VNI and inbound ACL the
 * port ran, unless they are another tenant's (the VSI and the ACL then read {@value
 * TenantFindingView#ANOTHER_TENANT}, the VNI null). The audit recorded whose each was, by id
 * ({@code owners}); an observation recorded without that counts anything but the tenant's own VSI,
 * VNI and ACL as another's.
 */
final class TenantPortView {

  private TenantPortView() {}

  /**
   * {@code seen} as tenant {@code id} sees it; {@code owners} as the audit recorded them (null or
   * missing when it did not), {@code name} and {@code vni} the tenant's own (vni null before its
   * first allocation).
   */
  static TenantEvidence.Observed of(
      TenantEvidence.Observed seen, JsonNode owners, long id, String name, Integer vni) {
    boolean recorded = owners != null && owners.isObject();
    boolean vsiOwn = recorded ? own(owners, "vsi", id) : Objects.equals(seen.vsi(), "t-" + name);
    boolean vniOwn = recorded ? own(owners, "vni", id) : Objects.equals(seen.vni(), vni);
    boolean aclOwn =
        recorded
            ? own(owners, "inboundAcl", id)
            : Objects.equals(seen.inboundAcl(), "t-" + name + "-in");
    return new TenantEvidence.Observed(
        seen.adminUp(),
        seen.vsi() == null || vsiOwn ? seen.vsi() : TenantFindingView.ANOTHER_TENANT,
        seen.vni() == null || vniOwn ? seen.vni() : null,
        seen.inboundAcl() == null || aclOwn ? seen.inboundAcl() : TenantFindingView.ANOTHER_TENANT,
        seen.lossless());
  }

  // no owner recorded: the object was no live tenant's
  private static boolean own(JsonNode owners, String field, long id) {
    JsonNode owner = owners.get(field);
    return owner == null || owner.isNull() || owner.asLong() == id;
  }
}
