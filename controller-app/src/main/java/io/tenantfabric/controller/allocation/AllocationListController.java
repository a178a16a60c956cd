package io.tenantfabric.controller.allocation;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.SliceAfterQuery;
import io.tenantfabric.controller.apidoc.SliceLimitQuery;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.web.QueryParameters;
import io.tenantfabric.controller.web.UuidParameter;
import io.tenantfabric.db.allocation.AllocationStatus;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/allocations}: every tenant's allocations, newest first, by keyset. */
@RestController
@Tag(name = "allocations")
class AllocationListController {

  private final ListAllocations list;

  AllocationListController(ListAllocations list) {
    this.list = list;
  }

  @GetMapping("/api/v1/allocations")
  @Operation(
      operationId = "listFabricAllocations",
      summary = "List every tenant's allocations",
      description =
          "Allocations of every tenant, newest first, at most `limit` of them, created before the"
              + " allocation `after` (the `nextAfter` of the page before), optionally only those"
              + " in one `status`. Released and failed allocations are kept and listed too.")
  @ApiResponse(responseCode = "200", description = "A slice of allocations")
  @Access({Role.OPERATOR, Role.AUDITOR, Role.PORTAL})
  AllocationSlice list(
      @Parameter(
              description = "Only allocations in this status",
              schema =
                  @Schema(
                      type = "string",
                      allowableValues = {
                        "PROVISIONING",
                        "ACTIVE",
                        "FAILED",
                        "RELEASING",
                        "RELEASED"
                      }))
          @RequestParam(required = false)
          String status,
      @SliceAfterQuery @RequestParam(required = false) String after,
      @SliceLimitQuery @RequestParam(defaultValue = "50") String limit) {
    return list.page(
        statuses(status),
        after == null ? null : UuidParameter.parse(after, "after", "allocation id"),
        QueryParameters.boundedInt(limit, "limit", 1, QueryParameters.MAX_PAGE_SIZE));
  }

  private static Set<AllocationStatus> statuses(String raw) {
    if (raw == null) {
      return EnumSet.allOf(AllocationStatus.class);
    }
    return Arrays.stream(AllocationStatus.values())
        .filter(s -> s.name().equals(raw))
        .findFirst()
        .map(EnumSet::of)
        .orElseThrow(
            () ->
                Refusal.invalid(
                        "Invalid query parameter",
                        "status must be one of " + Arrays.toString(AllocationStatus.values()) + ".")
                    .field("status"));
  }
}
