package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.provision.NotifiedWaiters;
import io.tenantfabric.controller.provision.PgListener;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import org.springframework.stereotype.Component;

/** Requests waiting ({@code ?wait=}) for an isolation audit, woken when the leader finishes one. */
@Component
class IsolationWaiters extends NotifiedWaiters {

  IsolationWaiters(PgListener listener) {
    super(listener, IsolationAuditStore.DONE_CHANNEL, "isolation-waiters");
  }
}
