package io.tenantfabric.controller.reconcile;

import io.tenantfabric.controller.notify.NotifiedWaiters;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.db.provisioning.ReconcileStore;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Requests waiting ({@code ?wait=}) for a reconcile run, woken when any instance finishes one. */
@Component
class ReconcileWaiters extends NotifiedWaiters<ReconcileRunView> {

  private final ReadReconcileRuns read;

  ReconcileWaiters(PgListener listener, ReadReconcileRuns read) {
    super(listener, ReconcileStore.DONE_CHANNEL, "reconcile-waiters");
    this.read = read;
  }

  @Override
  protected Map<UUID, ReconcileRunView> readAll(Set<UUID> ids) {
    return oneByOne(ids, read::one); // a few waiters on one run at a time
  }
}
