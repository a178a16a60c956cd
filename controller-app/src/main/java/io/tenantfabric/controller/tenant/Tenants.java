package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.security.AccessLog;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.web.ResourceNotFoundException;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.tenant.TenantName;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

  /**
   * The live tenants among {@code names}, row-locked until the transaction ends, in one statement:
   * for a group of requests decided together. Each request then takes its own with {@link
   * Locked#get}, which checks that its caller sees it (a 404 otherwise), as {@link #lockLive} does.
   */
  public Locked lockLive(Collection<TenantName> names) {
    Map<String, TenantEntity> byName = new HashMap<>();
    tenants
        .lockLive(names.stream().map(TenantName::value).distinct().toArray(String[]::new))
        .forEach(t -> byName.put(t.name(), t));
    return new Locked(byName);
  }

  /** Live tenants locked together; each one is handed out only to a caller that sees it. */
  public static final class Locked {
    private final Map<String, TenantEntity> byName;

    private Locked(Map<String, TenantEntity> byName) {
      this.byName = byName;
    }

    /** The live tenant named, if the current caller sees it, or a 404 problem. */
    public TenantEntity get(TenantName name) {
      return visible(Optional.ofNullable(byName.get(name.value())), name);
    }

    /** The ids of every tenant locked. */
    public List<Long> ids() {
      return byName.values().stream().map(TenantEntity::id).toList();
    }
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
