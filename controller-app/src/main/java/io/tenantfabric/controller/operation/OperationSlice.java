package io.tenantfabric.controller.operation;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.QueryParameters;
import java.util.List;
import java.util.UUID;

/**
 * A keyset page of fabric operations, newest first: those created before the operation {@code
 * after} (from the newest when null), at most {@code limit}; {@code nextAfter} is the {@code after}
 * of the next page, null when this page is the last one so far.
 */
@Schema(name = "FabricOperationSlice")
record OperationSlice(
    @ArraySchema(maxItems = QueryParameters.MAX_PAGE_SIZE) List<OperationView> items,
    @Schema(nullable = true, description = "The operation this page reads on from") UUID after,
    @Schema(minimum = "1", maximum = "" + QueryParameters.MAX_PAGE_SIZE) int limit,
    @Schema(nullable = true, description = "The `after` of the next page; null when none")
        UUID nextAfter) {}
