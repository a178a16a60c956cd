package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.provision.NotifiedWaiters;
import io.tenantfabric.controller.provision.PgListener;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import org.springframework.stereotype.Component;

/** Requests waiting ({@code ?wait=}) for an allocation to settle, woken when it changes. */
@Component
class AllocationWaiters extends NotifiedWaiters {

  AllocationWaiters(PgListener listener) {
    super(listener, ProvisioningStore.ALLOCATION_CHANNEL, "allocation-waiters");
  }
}
