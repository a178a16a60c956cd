package io.tenantfabric.db.provisioning;

/**
 * One switch of a two-phase batch: the generation it is being brought to and, for an RFC 6241
 * switch, the base of the persist-ids its confirmed commits use (null for Comware save-points,
 * which die with their session).
 */
public record BatchSwitch(String switchName, long generation, String persistIdBase) {}
