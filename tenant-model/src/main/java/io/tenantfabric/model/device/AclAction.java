package io.tenantfabric.model.device;

/** What an ACL rule does with a matching packet. */
public enum AclAction {
  PERMIT,
  DENY
}
