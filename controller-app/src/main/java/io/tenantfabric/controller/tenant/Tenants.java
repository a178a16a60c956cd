package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.security.AccessLog;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.web.ResourceNotFoundException;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.tenant.TenantName;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Finds live tenants for the use cases, with the API's 404. For a TENANT caller, a tenant is found
 * only when its id is the one the caller's token is bound to: the name in the path only routes the
 * request, since a deleted tenant's name can be taken by another customer.
 */
@Component
public class Tenants {

  private final TenantRepository tenants;

  Tenants(TenantRepository tenants) {
    this.tenants = tenants;
  }

  /** The live tenant visible to the caller, or a 404 problem. */
  public TenantEntity live(TenantName name) {
    return visible(tenants.findLive(name.value()), name);
  }

  /** The live tenant visible to the caller, row-locked until the transaction ends, or a 404. */
  public TenantEntity lockLive(TenantName name) {
    return visible(tenants.lockLive(name.value()), name);
  }

  private static TenantEntity visible(Optional<TenantEntity> found, TenantName name) {
    TenantEntity t = found.orElseThrow(() -> notFound(name));
    Optional<Actor> actor = CurrentActor.find();
    if (actor.isPresent() && !actor.get().sees(t.id())) {
      AccessLog.crossTenant(actor.get(), name.value());
      throw notFound(name);
    }
    return t;
  }

  static ResourceNotFoundException notFound(TenantName name) {
    return new ResourceNotFoundException(
        "Tenant not found", "There is no tenant named " + name.value() + ".");
  }
}
