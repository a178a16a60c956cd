package io.tenantfabric.controller.tenant;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.apidoc.ApiParameters;
import io.tenantfabric.controller.web.QueryParameters;
import java.util.List;

/** One page of tenants, by name. */
@Schema(description = "One page of tenants, by name")
record TenantPage(
    @ArraySchema(maxItems = QueryParameters.MAX_PAGE_SIZE) List<TenantView> items,
    @Schema(minimum = "0", maximum = ApiParameters.PAGE_MAX) int page,
    @Schema(minimum = "1", maximum = ApiParameters.SIZE_MAX) int size,
    @Schema(minimum = "0", maximum = "9223372036854775807") long totalItems,
    @Schema(minimum = "0", maximum = "2147483647") int totalPages) {}
