package io.tenantfabric.controller.token;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.security.Role;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/me}: the presented token's id, role, tenant and expiry, for every role. */
@RestController
@Tag(name = "tokens")
class CallerController {

  private final DescribeCaller describe;

  CallerController(DescribeCaller describe) {
    this.describe = describe;
  }

  @GetMapping("/api/v1/me")
  @Operation(
      operationId = "getCaller",
      summary = "Describe the presented token",
      description =
          "The token's id, role, tenant (TENANT tokens only) and expiry, so that a client knows"
              + " what it may offer before it tries.")
  @ApiResponse(responseCode = "200", description = "The caller")
  @Access({Role.OPERATOR, Role.PORTAL, Role.TENANT, Role.AUDITOR})
  CallerView me() {
    return describe.describe(CurrentActor.get());
  }
}
