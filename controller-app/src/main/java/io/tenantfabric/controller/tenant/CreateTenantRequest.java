package io.tenantfabric.controller.tenant;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.ApiLimits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of {@code POST /api/v1/tenants}. */
record CreateTenantRequest(
    @NotNull
        @Size(min = 3, max = 29)
        @Schema(
            description =
                "3 to 29 of a-z, 0-9 and '-', starting with a letter and ending with a letter or"
                    + " digit (the tenant's VSI, t-<name>, fits a switch's 31 characters)",
            example = "acme")
        String name,
    @NotBlank
        @Size(max = 200)
        @Pattern(
            regexp = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$",
            message = "must not contain control characters")
        @Schema(example = "Acme AI")
        String displayName,
    @NotNull @Min(1) @Max(ApiLimits.MAX_GPUS) @Schema(example = "64") Integer gpuQuota) {}
