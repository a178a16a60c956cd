package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.web.ApiLimits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of {@code POST /api/v1/tenants}. */
record CreateTenantRequest(
    @NotNull @Size(min = 3, max = 29) String name,
    @NotBlank
        @Size(max = 200)
        @Pattern(
            regexp = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$",
            message = "must not contain control characters")
        String displayName,
    @NotNull @Min(1) @Max(ApiLimits.MAX_GPUS) Integer gpuQuota) {}
