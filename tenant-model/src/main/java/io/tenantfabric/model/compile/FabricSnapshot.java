package io.tenantfabric.model.compile;

import io.tenantfabric.model.topology.Fabric;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything the compiler reads, captured at one moment: the fabric, the live tenants by name, the
 * live allocations (any order) and the profile. Tenants are kept sorted by name.
 */
public record FabricSnapshot(
    Fabric fabric,
    Map<String, TenantIntent> tenants,
    List<AllocationIntent> allocations,
    FabricProfile profile) {

  public FabricSnapshot {
    Objects.requireNonNull(fabric, "fabric");
    Objects.requireNonNull(profile, "profile");
    tenants = Collections.unmodifiableSortedMap(new TreeMap<>(tenants));
    allocations = List.copyOf(allocations);
  }
}
