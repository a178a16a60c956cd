package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.notify.NotifiedWaiters;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Requests waiting ({@code ?wait=}) for an isolation audit, woken when the leader finishes one. */
@Component
class IsolationWaiters extends NotifiedWaiters<IsolationAuditView> {

  private final ReadIsolationAudits read;

  IsolationWaiters(PgListener listener, ReadIsolationAudits read) {
    super(listener, IsolationAuditStore.DONE_CHANNEL, "isolation-waiters");
    this.read = read;
  }

  @Override
  protected Map<UUID, IsolationAuditView> readAll(Set<UUID> ids) {
    return oneByOne(ids, read::one); // a few waiters on one audit at a time
  }
}
