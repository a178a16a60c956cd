package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.AccessLog;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.db.jdbc.RoundTrip;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantLocks;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.tenant.TenantName;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/**
 * Finds live tenants for the use cases, with the API's 404. For a TENANT caller, a tenant is found
 * only when its id is the one the caller's token is bound to: the name in the path only routes the
 * request, since a deleted tenant's name can be taken by another customer.
 */
@Component
@Import(TenantLocks.class) // the app scans only its own packages
public class Tenants {

  private final TenantRepository tenants;
  private final TenantLocks locks;

  Tenants(TenantRepository tenants, TenantLocks locks) {
    this.tenants = tenants;
    this.locks = locks;
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
   * The live tenant visible to the caller, row-locked until the transaction ends, if there is one:
   * behind a concurrent deletion of it, none once that commits.
   */
  public Optional<TenantEntity> lockLiveIfAny(TenantName name) {
    return tenants.lockLive(name.value()).filter(t -> seen(t.id(), name));
  }

  /**
   * The live tenants among {@code names}, row-locked until the transaction ends, with their quota
   * use, in one statement, the next of {@code trip} (there once the caller has sent it): for a
   * group of requests decided together. Each request then takes its own with {@link Locked#get},
   * which checks that its caller sees it (a 404 otherwise), as {@link #lockLive(TenantName)} does.
   */
  public Supplier<Locked> lockLive(Collection<TenantName> names, RoundTrip trip) {
    RoundTrip.Answer<List<TenantLocks.Locked>> locked =
        locks.lockLive(names.stream().map(TenantName::value).distinct().toList(), trip);
    return () -> {
      Map<String, TenantLocks.Locked> byName = new HashMap<>();
      locked.get().forEach(t -> byName.put(t.name(), t));
      return new Locked(byName);
    };
  }

  /** Live tenants locked together; each one is handed out only to a caller that sees it. */
  public static final class Locked {
    private final Map<String, TenantLocks.Locked> byName;

    private Locked(Map<String, TenantLocks.Locked> byName) {
      this.byName = byName;
    }

    /** The live tenant named, if the current caller sees it, or a 404 problem. */
    public TenantLocks.Locked get(TenantName name) {
      TenantLocks.Locked t = byName.get(name.value());
      if (t == null || !seen(t.id(), name)) {
        throw notFound(name);
      }
      return t;
    }
  }

  /**
   * The id of live tenant {@code name} as a read found it ({@code null}: none), if the caller sees
   * it, else the 404 {@link #live} gives.
   */
  public static long visible(Long found, TenantName name) {
    if (found == null || !seen(found, name)) {
      throw notFound(name);
    }
    return found;
  }

  private static TenantEntity visible(Optional<TenantEntity> found, TenantName name) {
    TenantEntity t = found.orElseThrow(() -> notFound(name));
    if (!seen(t.id(), name)) {
      throw notFound(name);
    }
    return t;
  }

  /** Whether the current caller sees tenant {@code id}; a caller who does not is logged. */
  private static boolean seen(long id, TenantName name) {
    Optional<Actor> actor = CurrentActor.find();
    if (actor.isPresent() && !actor.get().sees(id)) {
      AccessLog.crossTenant(actor.get(), name.value());
      return false;
    }
    return true;
  }

  static Refusal notFound(TenantName name) {
    return Refusal.notFound("Tenant not found", "There is no tenant named " + name.value() + ".");
  }
}
