package io.tenantfabric.controller.allocation;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.ApiLimits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** Body of {@code POST /api/v1/tenants/{tenant}/allocations}: how many GPUs. */
record AllocateRequest(
    @NotNull @Min(1) @Max(ApiLimits.MAX_GPUS) @Schema(example = "16") Integer gpus) {}
