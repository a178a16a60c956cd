package io.tenantfabric.db.allocation;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * One membership row: a GPU of an allocation. {@code allocationStatus} is written once at insert;
 * afterwards the database's {@code ON UPDATE CASCADE} foreign key keeps it equal to the
 * allocation's status (see V2), so it is never updated from here.
 */
@Embeddable
public record AllocationGpu(
    @Column(name = "gpu_id", nullable = false, updatable = false) String gpuId,
    @Column(name = "allocation_status", nullable = false, insertable = true, updatable = false)
        String allocationStatus) {}
