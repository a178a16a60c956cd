package io.tenantfabric.model.placement;

import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.Set;

/** What placement must avoid: GPUs in live allocations, cordoned GPUs and drained leaves. */
public record Occupancy(Set<GpuId> busy, Set<GpuId> cordoned, Set<SwitchName> drainedLeaves) {

  public Occupancy {
    busy = busy == null ? Set.of() : Set.copyOf(busy);
    cordoned = cordoned == null ? Set.of() : Set.copyOf(cordoned);
    drainedLeaves = drainedLeaves == null ? Set.of() : Set.copyOf(drainedLeaves);
  }

  /** Nothing busy, cordoned or drained. */
  public static Occupancy empty() {
    return new Occupancy(Set.of(), Set.of(), Set.of());
  }
}
