package io.tenantfabric.controller.fabric;

import io.tenantfabric.model.topology.FabricSpec;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Body of {@code PUT /api/v1/fabric}: exactly one of {@code preset} (a preset name) and {@code
 * spec} (tenant-model's {@link FabricSpec}, whose plain fields map 1:1 onto JSON), plus an optional
 * device inventory and the switches of that inventory whose changed host key the operator accepts
 * ({@code replaceHostKeys}, see {@link PinnedHostKeys}).
 */
public record DefineFabricRequest(
    @Size(max = 64) String preset,
    FabricSpec spec,
    @Valid @Size(max = 4096) List<DeviceRequest> devices,
    @Size(max = 4096) List<@NotBlank @Size(max = 31) String> replaceHostKeys) {

  public DefineFabricRequest {
    devices = devices == null ? List.of() : List.copyOf(devices);
    replaceHostKeys = replaceHostKeys == null ? List.of() : List.copyOf(replaceHostKeys);
  }
}
