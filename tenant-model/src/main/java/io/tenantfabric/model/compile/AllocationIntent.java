package io.tenantfabric.model.compile;

import io.tenantfabric.model.topology.GpuId;
import java.util.Collections;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A live allocation whose GPU ports must be bound into its tenant's VSI; the caller passes only
 * allocations in {@code PROVISIONING} or {@code ACTIVE}. GPUs are kept in {@link GpuId} order.
 */
public record AllocationIntent(String id, String tenant, SortedSet<GpuId> gpus) {

  public AllocationIntent {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(tenant, "tenant");
    if (id.isBlank()) {
      throw new IllegalArgumentException("allocation id must not be blank");
    }
    gpus = Collections.unmodifiableSortedSet(new TreeSet<>(gpus));
  }
}
