package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.notify.AllocationsSettled;
import io.tenantfabric.controller.notify.NotifiedWaiters;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.db.provisioning.IntentGenerations;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Requests waiting ({@code ?wait=}) for an allocation to settle, woken when it changes; those woken
 * together are re-read in one read ({@link ReadAllocations#currentAll}).
 */
@Component
class AllocationWaiters extends NotifiedWaiters<AllocationView> {

  private final ReadAllocations read;

  AllocationWaiters(PgListener listener, ReadAllocations read) {
    super(listener, IntentGenerations.ALLOCATION_CHANNEL, "allocation-waiters");
    this.read = read;
  }

  @EventListener
  void settled(AllocationsSettled e) {
    settled(e.allocations());
  }

  @Override
  protected Map<UUID, AllocationView> readAll(Set<UUID> ids) {
    return read.currentAll(ids);
  }
}
