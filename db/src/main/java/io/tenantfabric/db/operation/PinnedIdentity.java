package io.tenantfabric.db.operation;

/**
 * Who a switch's inventory says it is before a replace: whether it has an inventory entry at all,
 * its pinned host key and its pinned serial number (null when none is pinned).
 */
public record PinnedIdentity(boolean managed, String hostKeySha256, String serialNumber) {}
