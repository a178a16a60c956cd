package io.tenantfabric.db.provisioning;

/**
 * One switch of a two-phase batch: the generation it is being brought to and, for an RFC 6241
 * switch, the persist-id of its pending confirmed commit (null for Comware save-points).
 */
public record BatchSwitch(String switchName, long generation, String persistId) {}
