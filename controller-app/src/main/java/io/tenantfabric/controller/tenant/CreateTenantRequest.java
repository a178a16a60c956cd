package io.tenantfabric.controller.tenant;

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
        @Pattern(regexp = "[^\\p{Cc}]*", message = "must not contain control characters")
        String displayName,
    @NotNull @Min(1) @Max(10240) Integer gpuQuota) {}
