package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.fabric.DeviceRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/** Body of {@code PUT /api/v1/fabric/operations/{id}/devices}: new switches' inventory. */
record GrowthDevicesRequest(
    @NotNull @Valid @Size(min = 1, max = 4096) List<DeviceRequest> devices) {}
