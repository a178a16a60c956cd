package io.tenantfabric.southbound.transaction;

import io.tenantfabric.southbound.session.NetconfSession;

/** How a switch takes a change: Comware save-point on running, or RFC 6241 candidate + commit. */
public enum TransactionProfile {
  COMWARE,
  RFC6241;

  static final String CANDIDATE = "urn:ietf:params:netconf:capability:candidate:1.0";
  static final String CONFIRMED_COMMIT = "urn:ietf:params:netconf:capability:confirmed-commit:1.";
  static final String SAVE_POINT = "urn:h3c:params:netconf:capability:h3c-save-point:1.0";

  /**
   * Save-point or no {@code :candidate} means Comware; candidate plus confirmed-commit, RFC 6241.
   */
  public static TransactionProfile of(NetconfSession session) {
    if (session.hasCapability(SAVE_POINT) || !session.hasCapability(CANDIDATE)) {
      return COMWARE;
    }
    if (!session.hasCapability(CONFIRMED_COMMIT)) {
      throw new DeviceTransactionException(
          session.device(),
          "capabilities",
          "switch has :candidate without :confirmed-commit; no safe transaction is possible",
          null);
    }
    return RFC6241;
  }
}
