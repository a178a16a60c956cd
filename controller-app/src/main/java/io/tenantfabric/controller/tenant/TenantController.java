package io.tenantfabric.controller.tenant;

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
  ResponseEntity<TenantView> create(@Valid @RequestBody CreateTenantRequest request) {
    TenantView t = create.create(request);
    return ResponseEntity.created(URI.create("/api/v1/tenants/" + t.name())).body(t);
  }

  @GetMapping
  TenantPage list(
      @RequestParam(defaultValue = "0") String page,
      @RequestParam(defaultValue = "50") String size) {
    int p = QueryParameters.boundedInt(page, "page", 0, 1_000_000);
    int s = QueryParameters.boundedInt(size, "size", 1, QueryParameters.MAX_PAGE_SIZE);
    return read.page(p, s);
  }

  @GetMapping("/{tenant}")
  TenantView get(@PathVariable String tenant) {
    access.requireVisible(tenant);
    return read.one(TenantNames.parse(tenant, "tenant"));
  }

  @DeleteMapping("/{tenant}")
  ResponseEntity<Void> delete(@PathVariable String tenant) {
    access.requireVisible(tenant);
    delete.delete(TenantNames.parse(tenant, "tenant"));
    return ResponseEntity.noContent().build();
  }
}
