package io.tenantfabric.controller.tenant;

import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.allocation.AllocationStatus;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.db.tenant.TenantRepository;
import io.tenantfabric.model.tenant.TenantName;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Reads one tenant or a page of tenants, each with its live GPU count. */
@Component
class ReadTenants {

  private final Tenants live;
  private final TenantRepository tenants;
  private final AllocationRepository allocations;

  ReadTenants(Tenants live, TenantRepository tenants, AllocationRepository allocations) {
    this.live = live;
    this.tenants = tenants;
    this.allocations = allocations;
  }

  @Transactional(readOnly = true)
  TenantView one(TenantName name) {
    TenantEntity t = live.live(name);
    return TenantView.of(t, liveGpus(t));
  }

  @Transactional(readOnly = true)
  TenantPage page(int page, int size) {
    Page<TenantEntity> p = tenants.findLivePage(PageRequest.of(page, size));
    return new TenantPage(
        p.getContent().stream().map(t -> TenantView.of(t, liveGpus(t))).toList(),
        page,
        size,
        p.getTotalElements(),
        p.getTotalPages());
  }

  private long liveGpus(TenantEntity t) {
    return allocations.sumGpus(t.id(), AllocationStatus.LIVE);
  }
}
