package io.tenantfabric.controller.fabric;

import io.tenantfabric.model.topology.FabricSpec;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of {@code PUT /api/v1/fabric}: exactly one of {@code preset} (a preset name) and {@code
 * spec} (tenant-model's {@link FabricSpec}, whose plain fields map 1:1 onto JSON), plus an optional
 * device inventory.
 */
record DefineFabricRequest(
    @Size(max = 64) String preset,
    FabricSpec spec,
    @Valid @Size(max = 4096) List<DeviceRequest> devices) {

  DefineFabricRequest {
    devices = devices == null ? List.of() : List.copyOf(devices);
  }
}
