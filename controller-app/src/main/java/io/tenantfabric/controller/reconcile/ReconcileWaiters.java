package io.tenantfabric.controller.reconcile;

import io.tenantfabric.controller.provision.NotifiedWaiters;
import io.tenantfabric.controller.provision.PgListener;
import io.tenantfabric.db.provisioning.ReconcileStore;
import org.springframework.stereotype.Component;

/** Requests waiting ({@code ?wait=}) for a reconcile run, woken when any instance finishes one. */
@Component
class ReconcileWaiters extends NotifiedWaiters {

  ReconcileWaiters(PgListener listener) {
    super(listener, ReconcileStore.DONE_CHANNEL, "reconcile-waiters");
  }
}
