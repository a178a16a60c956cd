package io.tenantfabric.db.provisioning;

import java.time.Instant;
import java.util.UUID;

/** An allocation that reached a final state at the end of a batch (ACTIVE or RELEASED). */
public record AllocationTransition(
    UUID id, long tenantId, String tenant, String to, Instant createdAt) {}
