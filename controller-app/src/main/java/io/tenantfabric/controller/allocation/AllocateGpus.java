package io.tenantfabric.controller.allocation;

import io.tenantfabric.controller.allocation.AllocationGroup.Decision;
import io.tenantfabric.controller.allocation.AllocationGroup.Request;
import io.tenantfabric.controller.idempotency.ClientKey;
import io.tenantfabric.controller.idempotency.Reply;
import io.tenantfabric.controller.idempotency.RequestHash;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.intent.Rejection;
import io.tenantfabric.controller.transaction.CallerContext;
import io.tenantfabric.controller.transaction.ConnectionFailures;
import io.tenantfabric.controller.transaction.GroupCommit;
import io.tenantfabric.model.tenant.TenantName;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Places N GPUs for a tenant in one transaction, serialised per fabric by {@code SELECT ... FOR
 * UPDATE} on the fabric row: placement needs a consistent view of every busy, cordoned and drained
 * GPU, and {@code SKIP LOCKED} on GPU rows would let two requests each see "enough" free GPUs. The
 * partial unique index on live memberships stays the database's own guard. Placement and the pools
 * decide on {@link PlacementIndexes} kept in memory while the fabric's intent version is unchanged
 * (docs/provisioning.md, "Allocation write path"), and requests that arrive while one is being
 * decided are committed together ({@link GroupCommit}, at most {@value #MAX_GROUP}), still decided
 * one after the other in arrival order ({@link AllocationGroup}).
 */
@Component
class AllocateGpus {

  /** Requests committed together at most: a group holds the fabric lock for all of them. */
  static final int MAX_GROUP = 32;

  private final GroupCommit<Request, Supplier<Reply>> groups =
      new GroupCommit<>(MAX_GROUP, this::commit);

  private final IntentTransactions intents;
  private final AllocationGroup group;
  private final AllocationAudit audit;
  private final JsonMapper json;

  AllocateGpus(
      IntentTransactions intents, AllocationGroup group, AllocationAudit audit, JsonMapper json) {
    this.intents = intents;
    this.group = group;
    this.audit = audit;
    this.json = json;
  }

  /** Allocates, or replays the stored reply of an earlier request with the same key and body. */
  Reply allocate(TenantName tenant, AllocateRequest request, Optional<ClientKey> clientKey) {
    // only a key's record compares bodies: without one, no hash (a JSON write and a SHA-256)
    String requestHash = clientKey.isPresent() ? RequestHash.of(request, json) : null;
    // the reply of a new allocation without a key is written here, on the caller's own thread,
    // after the group committed: the leader's time is the group's
    return groups
        .submit(new Request(tenant, request, clientKey, requestHash, CallerContext.capture()))
        .get();
  }

  /**
   * One group in one transaction; a group whose transaction fails is split, each request then
   * committed on its own, so that one request's failure is its own, unless the database itself
   * failed (a failover): then every request of the group gets that failure at once.
   */
  private void commit(List<GroupCommit.Pending<Request, Supplier<Reply>>> pending) {
    List<Decision> decisions;
    try {
      decisions =
          intents.run(
              () -> group.decideAll(pending.stream().map(GroupCommit.Pending::item).toList()));
    } catch (RuntimeException e) {
      if (pending.size() == 1 || ConnectionFailures.isConnectionFailure(e)) {
        // without a database every request fails alike: split, each would wait for it again
        pending.forEach(p -> p.fail(e));
      } else {
        pending.forEach(p -> commit(List.of(p)));
      }
      return;
    }
    for (int i = 0; i < pending.size(); i++) {
      GroupCommit.Pending<Request, Supplier<Reply>> p = pending.get(i);
      Decision d = decisions.get(i);
      if (d.reply() != null) {
        p.complete(d.reply());
      } else if (d.refusal() instanceof Rejection r) {
        // audited once the group's connection is back, as IntentTransactions does for one
        audit.rejected(p.item().caller(), r);
        p.fail(r.problem());
      } else {
        p.fail(d.refusal());
      }
    }
  }
}
