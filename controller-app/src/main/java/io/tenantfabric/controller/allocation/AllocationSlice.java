package io.tenantfabric.controller.allocation;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.QueryParameters;
import java.util.List;
import java.util.UUID;

/** One keyset page of every tenant's allocations, newest first, as operations are paged. */
record AllocationSlice(
    @ArraySchema(maxItems = QueryParameters.MAX_PAGE_SIZE) List<AllocationView> items,
    @Schema(nullable = true, description = "The allocation this page reads on from") UUID after,
    @Schema(minimum = "1", maximum = "" + QueryParameters.MAX_PAGE_SIZE) int limit,
    @Schema(nullable = true, description = "The `after` of the next page; null when none")
        UUID nextAfter) {}
