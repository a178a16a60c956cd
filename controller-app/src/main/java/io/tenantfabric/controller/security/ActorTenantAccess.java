package io.tenantfabric.controller.security;

import io.tenantfabric.controller.refusal.Refusal;
import org.springframework.stereotype.Component;

/** {@link TenantAccess} backed by the request's {@link Actor}. */
@Component
class ActorTenantAccess implements TenantAccess {

  @Override
  public void requireVisible(String tenant) {
    Actor actor = CurrentActor.get();
    if (!actor.sees(tenant)) {
      AccessLog.crossTenant(actor, tenant);
      throw TenantNotFound.of(tenant);
    }
  }

  /** The one 404 a TENANT token gets for another tenant, identical to an unknown tenant. */
  static final class TenantNotFound {
    private TenantNotFound() {}

    static Refusal of(String tenant) {
      return Refusal.notFound("Tenant not found", "No tenant named '" + tenant + "'.");
    }
  }
}
