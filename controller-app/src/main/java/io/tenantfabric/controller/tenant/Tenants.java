package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.web.ResourceNotFoundException;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.tenant.TenantName;
import org.springframework.stereotype.Component;

/** Finds live tenants for the use cases, with the API's 404. */
@Component
public class Tenants {

  private final TenantRepository tenants;

  Tenants(TenantRepository tenants) {
    this.tenants = tenants;
  }

  /** The live tenant, or a 404 problem. */
  public TenantEntity live(TenantName name) {
    return tenants.findLive(name.value()).orElseThrow(() -> notFound(name));
  }

  /** The live tenant, row-locked until the transaction ends, or a 404 problem. */
  public TenantEntity lockLive(TenantName name) {
    return tenants.lockLive(name.value()).orElseThrow(() -> notFound(name));
  }

  static ResourceNotFoundException notFound(TenantName name) {
    return new ResourceNotFoundException(
        "Tenant not found", "There is no tenant named " + name.value() + ".");
  }
}
