package io.tenantfabric.controller.tenant;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.ApiParameters;
import io.tenantfabric.controller.apidoc.IdempotencyKeyHeader;
import io.tenantfabric.controller.apidoc.PageQuery;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.SizeQuery;
import io.tenantfabric.controller.apidoc.TenantPath;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.idempotency.IdempotentOperation;
import io.tenantfabric.controller.idempotency.Reply;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TenantAccess;
import io.tenantfabric.controller.web.QueryParameters;
import jakarta.validation.Valid;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/** {@code /api/v1/tenants}: create, list (paged, by name), read, change and delete tenants. */
@RestController
@RequestMapping("/api/v1/tenants")
@Tag(name = "tenants")
class TenantController {

  /** RFC 7396's media type, the only one a tenant patch is taken in. */
  static final String MERGE_PATCH = "application/merge-patch+json";

  private final CreateTenant create;
  private final ReadTenants read;
  private final DeleteTenant delete;
  private final UpdateTenant update;
  private final TenantAccess access;

  TenantController(
      CreateTenant create,
      ReadTenants read,
      DeleteTenant delete,
      UpdateTenant update,
      TenantAccess access) {
    this.create = create;
    this.read = read;
    this.delete = delete;
    this.update = update;
    this.access = access;
  }

  @PostMapping
  @Operation(
      operationId = "createTenant",
      summary = "Create a tenant",
      description =
          "Creates a tenant with a GPU quota. Its VNI and prefix are assigned with its first"
              + " allocation. A retry with the same Idempotency-Key and body gets the first answer"
              + " (Idempotent-Replayed: true), not a 409 for the name it took; the same key with"
              + " another body is 422.")
  @ApiResponse(
      responseCode = "201",
      description = "Created",
      headers = {
        @Header(
            name = "Location",
            description = "The tenant's URL",
            schema = @Schema(type = "string")),
        @Header(
            name = Reply.REPLAYED,
            description = ApiParameters.IDEMPOTENT_REPLAYED,
            schema = @Schema(type = "string", allowableValues = "true"))
      },
      content = @Content(schema = @Schema(implementation = TenantView.class)))
  @Access({Role.OPERATOR, Role.PORTAL})
  @Refuses({Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  ResponseEntity<String> create(
      @IdempotencyKeyHeader @RequestHeader(name = ClientKey.HEADER, required = false)
          String idempotencyKey,
      @Valid @RequestBody CreateTenantRequest request) {
    return create
        .create(request, ClientKey.of(idempotencyKey, IdempotentOperation.TENANT_CREATE))
        .toResponse();
  }

  @GetMapping
  @Operation(
      operationId = "listTenants",
      summary = "List tenants",
      description = "Every tenant, by name, a page at a time.")
  @ApiResponse(responseCode = "200", description = "A page of tenants")
  @Access({Role.OPERATOR, Role.PORTAL})
  TenantPage list(
      @PageQuery @RequestParam(defaultValue = "0") String page,
      @SizeQuery @RequestParam(defaultValue = "50") String size) {
    int p = QueryParameters.boundedInt(page, "page", 0, QueryParameters.MAX_PAGE);
    int s = QueryParameters.boundedInt(size, "size", 1, QueryParameters.MAX_PAGE_SIZE);
    return read.page(p, s);
  }

  @GetMapping("/{tenant}")
  @Operation(
      operationId = "getTenant",
      summary = "Read a tenant",
      description = "The tenant, its quota, its live GPUs and, once assigned, its VNI and prefix.")
  @ApiResponse(responseCode = "200", description = "The tenant")
  @Access(
      value = {Role.OPERATOR, Role.PORTAL, Role.TENANT},
      tenantScope = ApiParameters.OWN_TENANT)
  @Refuses(Refusal.Reason.NOT_FOUND)
  TenantView get(@TenantPath @PathVariable String tenant) {
    access.requireVisible(tenant);
    return read.one(TenantNames.parse(tenant, "tenant"));
  }

  @PatchMapping(path = "/{tenant}", consumes = MERGE_PATCH)
  @Operation(
      operationId = "updateTenant",
      summary = "Change a tenant's quota or display name",
      description =
          "A JSON merge patch (RFC 7396) of `gpuQuota` and `displayName`; members absent are kept."
              + " A quota below the GPUs the tenant holds is refused; audited as `tenant.update`.",
      requestBody =
          @io.swagger.v3.oas.annotations.parameters.RequestBody(
              required = true,
              content =
                  @Content(
                      mediaType = MERGE_PATCH,
                      schema = @Schema(implementation = TenantPatch.class))))
  @ApiResponse(responseCode = "200", description = "The tenant as changed")
  @Access({Role.OPERATOR, Role.PORTAL})
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  TenantView patch(@TenantPath @PathVariable String tenant, @RequestBody JsonNode body) {
    access.requireVisible(tenant);
    return update.update(TenantNames.parse(tenant, "tenant"), TenantPatch.parse(body));
  }

  @DeleteMapping("/{tenant}")
  @Operation(
      operationId = "deleteTenant",
      summary = "Delete a tenant",
      description =
          "Deletes a tenant that holds no GPUs; its VNI and prefix return to the pools after a"
              + " quarantine. A retry with the same Idempotency-Key gets the first answer"
              + " (Idempotent-Replayed: true), not a 404 for the tenant it deleted; the same key"
              + " for another tenant is 422.")
  @ApiResponse(
      responseCode = "204",
      description = "Deleted",
      headers =
          @Header(
              name = Reply.REPLAYED,
              description = ApiParameters.IDEMPOTENT_REPLAYED,
              schema = @Schema(type = "string", allowableValues = "true")))
  @Access({Role.OPERATOR, Role.PORTAL})
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT, Refusal.Reason.UNPROCESSABLE})
  ResponseEntity<Void> delete(
      @TenantPath @PathVariable String tenant,
      @IdempotencyKeyHeader @RequestHeader(name = ClientKey.HEADER, required = false)
          String idempotencyKey) {
    access.requireVisible(tenant);
    Reply reply =
        delete.delete(
            TenantNames.parse(tenant, "tenant"),
            ClientKey.of(idempotencyKey, IdempotentOperation.TENANT_DELETE));
    // a deletion answers 204 with no body, first and replayed alike
    ResponseEntity.HeadersBuilder<?> response = ResponseEntity.noContent();
    if (reply.replayed()) {
      response.header(Reply.REPLAYED, "true");
    }
    return response.build();
  }
}
