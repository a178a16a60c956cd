package io.tenantfabric.controller.operation;

import io.tenantfabric.controller.notify.NotifiedWaiters;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.db.operation.FabricOperationStore;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Requests waiting ({@code ?wait=}) for a fabric operation to end or to wait for the outside, woken
 * whenever any instance records a change of one.
 */
@Component
public class OperationWaiters extends NotifiedWaiters<OperationView> {

  private final ReadOperations read;

  OperationWaiters(PgListener listener, ReadOperations read) {
    super(listener, FabricOperationStore.CHANGED_CHANNEL, "operation-waiters");
    this.read = read;
  }

  @Override
  protected Map<UUID, OperationView> readAll(Set<UUID> ids) {
    return read.all(ids);
  }
}
