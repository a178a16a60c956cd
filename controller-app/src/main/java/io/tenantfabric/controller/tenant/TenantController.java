package io.tenantfabric.controller.tenant;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.tenantfabric.controller.apidoc.Access;
import io.tenantfabric.controller.apidoc.ApiParameters;
import io.tenantfabric.controller.apidoc.PageQuery;
import io.tenantfabric.controller.apidoc.Refuses;
import io.tenantfabric.controller.apidoc.SizeQuery;
import io.tenantfabric.controller.apidoc.TenantPath;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TenantAccess;
import io.tenantfabric.controller.web.QueryParameters;
import jakarta.validation.Valid;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/tenants}: create, list (paged, by name), read and delete tenants. */
@RestController
@RequestMapping("/api/v1/tenants")
@Tag(name = "tenants")
class TenantController {

  private final CreateTenant create;
  private final ReadTenants read;
  private final DeleteTenant delete;
  private final TenantAccess access;

  TenantController(
      CreateTenant create, ReadTenants read, DeleteTenant delete, TenantAccess access) {
    this.create = create;
    this.read = read;
    this.delete = delete;
    this.access = access;
  }

  @PostMapping
  @Operation(
      operationId = "createTenant",
      summary = "Create a tenant",
      description =
          "Creates a tenant with a GPU quota. Its VNI and prefix are assigned with its first"
              + " allocation.")
  @ApiResponse(
      responseCode = "201",
      description = "Created",
      headers =
          @Header(
              name = "Location",
              description = "The tenant's URL",
              schema = @Schema(type = "string")),
      content = @Content(schema = @Schema(implementation = TenantView.class)))
  @Access({Role.OPERATOR, Role.PORTAL})
  @Refuses(Refusal.Reason.CONFLICT)
  ResponseEntity<TenantView> create(@Valid @RequestBody CreateTenantRequest request) {
    TenantView t = create.create(request);
    return ResponseEntity.created(URI.create("/api/v1/tenants/" + t.name())).body(t);
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

  @DeleteMapping("/{tenant}")
  @Operation(
      operationId = "deleteTenant",
      summary = "Delete a tenant",
      description =
          "Deletes a tenant that holds no GPUs; its VNI and prefix return to the pools after a quarantine.")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @Access({Role.OPERATOR, Role.PORTAL})
  @Refuses({Refusal.Reason.NOT_FOUND, Refusal.Reason.CONFLICT})
  ResponseEntity<Void> delete(@TenantPath @PathVariable String tenant) {
    access.requireVisible(tenant);
    delete.delete(TenantNames.parse(tenant, "tenant"));
    return ResponseEntity.noContent().build();
  }
}
