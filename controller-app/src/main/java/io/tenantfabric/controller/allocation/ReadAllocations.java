package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.tenant.Tenants;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.allocation.AllocationEntity;
import io.tenantfabric.db.allocation.AllocationReader;
import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.tenant.TenantEntity;
import io.tenantfabric.model.tenant.TenantName;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.annotation.Import;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Component;

/** Reads one allocation or a page of a tenant's allocations. */
@Component
@Import(AllocationReader.class) // the app scans only its own packages
class ReadAllocations {

  private final Transactions tx;

  private final Tenants tenants;
  private final AllocationRepository allocations;
  private final AllocationViews views;
  private final AllocationReader reader;

  ReadAllocations(
      Tenants tenants,
      AllocationRepository allocations,
      AllocationViews views,
      Transactions tx,
      AllocationReader reader) {
    this.tx = tx;
    this.reader = reader;
    this.tenants = tenants;
    this.allocations = allocations;
    this.views = views;
  }

  /**
   * One allocation of a live tenant the caller sees: the tenant's 404 first (an unknown tenant and
   * one the caller does not see answer alike), then the allocation's.
   */
  AllocationView one(TenantName tenant, UUID id) {
    return tx.read(
        () -> {
          AllocationReader.Found found = reader.ofLiveTenant(tenant.value(), id);
          Tenants.visible(found.tenantId(), tenant);
          if (found.allocation() == null) {
            throw notFound(tenant, id);
          }
          return views.of(found.allocation(), tenant.value());
        });
  }

  AllocationPage page(TenantName tenant, int page, int size) {
    return tx.read(
        () -> {
          TenantEntity t = tenants.live(tenant);
          Page<AllocationEntity> p =
              allocations.findByTenantIdOrderByCreatedAtAscIdAsc(
                  t.id(), PageRequest.of(page, size));
          return new AllocationPage(
              views.ofAll(p.getContent(), a -> tenant.value()),
              page,
              size,
              p.getTotalElements(),
              p.getTotalPages());
        });
  }

  /**
   * The allocations among {@code ids} as they are now, for waiters (their tenants were checked when
   * they asked), in one read: a batch that settles 48 allocations wakes 48 waiters at once.
   */
  Map<UUID, AllocationView> currentAll(Collection<UUID> ids) {
    return tx.read(() -> views.ofAllNamed(reader.byIds(ids)));
  }

  /** The allocation {@code id} as it is now, for a waiter (its tenant was checked already). */
  AllocationView current(UUID id) {
    return Optional.ofNullable(currentAll(List.of(id)).get(id)).orElseThrow();
  }

  static Refusal notFound(TenantName tenant, UUID id) {
    return Refusal.notFound(
        "Allocation not found", "Tenant " + tenant.value() + " has no allocation " + id + ".");
  }
}
