package io.tenantfabric.db.provisioning;

import java.util.List;
import java.util.UUID;

/** A live allocation whose ports must be bound (PROVISIONING or ACTIVE) and its GPUs. */
public record BoundAllocationRow(UUID id, String tenant, List<String> gpuIds) {}
