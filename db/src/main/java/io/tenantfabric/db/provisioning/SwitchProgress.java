package io.tenantfabric.db.provisioning;

/**
 * Where one switch an allocation touches stands: whether it still has to apply the allocation's
 * generation, and the switch's state.
 */
public record SwitchProgress(String switchName, boolean pending, String state) {}
