package io.tenantfabric.db.provisioning;

/** A verified change of one switch: the generation it applied and the config it read back. */
public record AppliedChange(String switchName, long generation, String configJson) {}
