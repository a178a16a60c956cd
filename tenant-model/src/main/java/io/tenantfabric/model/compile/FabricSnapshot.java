package io.tenantfabric.model.compile;

import io.tenantfabric.model.topology.Fabric;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything the compiler reads, captured at one moment: the fabric, the live tenants by name, the
 * live allocations (any order) and the profile. {@code tenants} iterates in name order.
 */
public record FabricSnapshot(
    Fabric fabric,
    Map<String, TenantIntent> tenants,
    List<AllocationIntent> allocations,
    FabricProfile profile) {

  public FabricSnapshot {
    Objects.requireNonNull(fabric, "fabric");
    Objects.requireNonNull(profile, "profile");
    // iterates in name order (so checks report the same conflict for any caller's map) and looks up
    // by hash (every allocation looks up its tenant on every compile call)
    tenants = Collections.unmodifiableMap(new LinkedHashMap<>(new TreeMap<>(tenants)));
    allocations = List.copyOf(allocations);
  }
}
