package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.allocation.AllocationKeyset;
import io.tenantfabric.db.allocation.AllocationReader;
import io.tenantfabric.db.allocation.AllocationStatus;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/**
 * Every tenant's allocations, newest first, a keyset page at a time: what an operator's console and
 * a portal's reconciliation read, instead of walking tenant by tenant. One read of the page's ids,
 * one of their rows and GPUs, one of their switches' progress, in one read-only transaction.
 */
@Component
@Import(AllocationKeyset.class) // the app scans only its own packages
class ListAllocations {

  private final Transactions tx;
  private final AllocationKeyset keyset;
  private final AllocationReader reader;
  private final AllocationViews views;

  ListAllocations(
      Transactions tx, AllocationKeyset keyset, AllocationReader reader, AllocationViews views) {
    this.tx = tx;
    this.keyset = keyset;
    this.reader = reader;
    this.views = views;
  }

  AllocationSlice page(Collection<AllocationStatus> statuses, UUID after, int limit) {
    return tx.read(
        () -> {
          // one more than asked tells whether a next page exists
          List<UUID> ids =
              keyset
                  .newest(statuses, Optional.ofNullable(after), limit + 1)
                  .orElseThrow(() -> unknown(after));
          List<UUID> page = ids.subList(0, Math.min(limit, ids.size()));
          Map<UUID, AllocationView> byId = views.ofAllNamed(reader.byIds(page));
          List<AllocationView> items = new ArrayList<>(page.size());
          page.forEach(id -> items.add(byId.get(id)));
          UUID next = ids.size() > limit ? page.get(page.size() - 1) : null;
          return new AllocationSlice(items, after, limit, next);
        });
  }

  private static Refusal unknown(UUID after) {
    return Refusal.invalid("Invalid query parameter", "after names no allocation (" + after + ").")
        .field("after");
  }
}
