package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.fabric.DeviceRequest;
import io.tenantfabric.model.topology.FabricSpec;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of {@code POST /api/v1/fabric/growth}: exactly one of {@code preset} and {@code spec} (as
 * for {@code PUT /api/v1/fabric}), and optionally the inventory of switches the growth adds.
 */
record GrowthRequest(
    @Size(max = 64) String preset,
    FabricSpec spec,
    @Valid @Size(max = 4096) List<DeviceRequest> devices) {

  GrowthRequest {
    devices = devices == null ? List.of() : List.copyOf(devices);
  }
}
