package io.tenantfabric.db.provisioning;

/** A live tenant that holds its VNI and prefix. */
public record TenantPoolRow(long id, String name, int vni, String prefix) {}
