package io.tenantfabric.controller.tenant;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.tenant.TenantName;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Component;

/** Reads one tenant or a page of tenants, each with its live GPU count. */
@Component
class ReadTenants {

  private final Transactions tx;

  private final Tenants live;
  private final TenantRepository tenants;
  private final AllocationRepository allocations;

  ReadTenants(
      Tenants live, TenantRepository tenants, AllocationRepository allocations, Transactions tx) {
    this.tx = tx;
    this.live = live;
    this.tenants = tenants;
    this.allocations = allocations;
  }

  TenantView one(TenantName name) {
    return tx.read(
        () -> {
          TenantEntity t = live.live(name);
          return TenantView.of(t, liveGpus(t));
        });
  }

  TenantPage page(int page, int size) {
    return tx.read(
        () -> {
          Page<TenantEntity> p = tenants.findLivePage(PageRequest.of(page, size));
          return new TenantPage(
              p.getContent().stream().map(t -> TenantView.of(t, liveGpus(t))).toList(),
              page,
              size,
              p.getTotalElements(),
              p.getTotalPages());
        });
  }

  private long liveGpus(TenantEntity t) {
    return allocations.sumGpus(t.id(), AllocationStatus.LIVE);
  }
}
