package io.tenantfabric.db.lifecycle;

import java.util.UUID;

/**
 * A GPU port and the live allocation (PROVISIONING, ACTIVE, RELEASING) holding its GPU: the tenant
 * behind the port, by name and id.
 */
public record GpuHolder(
    String leaf,
    String port,
    String gpu,
    String server,
    UUID allocation,
    String status,
    String tenant,
    long tenantId) {}
