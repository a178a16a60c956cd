package io.tenantfabric.controller.cabling;

import io.tenantfabric.controller.notify.NotifiedWaiters;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.db.lifecycle.CablingCheckStore;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Requests waiting ({@code ?wait=}) for a cabling check, woken when any instance finishes one. */
@Component
class CablingCheckWaiters extends NotifiedWaiters<CablingCheckView> {

  private final ReadCablingChecks read;

  CablingCheckWaiters(PgListener listener, ReadCablingChecks read) {
    super(listener, CablingCheckStore.DONE_CHANNEL, "cabling-waiters");
    this.read = read;
  }

  @Override
  protected Map<UUID, CablingCheckView> readAll(Set<UUID> ids) {
    return oneByOne(ids, read::one); // a few waiters on one check at a time
  }
}
