package io.tenantfabric.controller.audit;

import io.tenantfabric.db.audit.AuditChainReader;
import io.tenantfabric.db.audit.AuditChainRow;
import io.tenantfabric.db.audit.TrustedCheckpoint;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.stereotype.Component;

/**
 * The walk of a receipt check, from an event to the head, starting from the nearest trusted
 * checkpoint rather than walking every event in between: event by event ({@link ChainWalk}) from
 * the event to the event that the first trusted checkpoint after it vouched for, which must have
 * the hash that checkpoint recorded; then every event that a trusted checkpoint vouched for in
 * between must still have its recorded hash; then event by event from the event the latest trusted
 * checkpoint vouched for to the head. Each checkpoint was written by the owner's function only
 * after it walked its stretch (migration V15), so the stretches between them are not walked again.
 * With no trusted checkpoint after the event, the walk goes from the event to the head.
 */
@Component
class ReceiptWalk {

  private final AuditChainReader chain;
  private final ChainWalk walk;

  ReceiptWalk(AuditChainReader chain, ChainWalk walk) {
    this.chain = chain;
    this.walk = walk;
  }

  /** The first event where the chain from {@code event} to {@code headId} breaks, if any. */
  record Result(Long brokenAt, long checked) {

    static Result of(ChainWalk.Result r, long checkedBefore) {
      return new Result(r.intact() ? null : r.broken().id(), checkedBefore + r.checked());
    }
  }

  /** Walks from {@code event} (included) to event {@code headId}, within {@code budget}. */
  Result from(AuditChainRow event, long headId, Budget budget) {
    ChainWalk.Pages pages = (afterId, size) -> chain.pageAfter(afterId, size, budget.left());
    // the walk starts at the event itself: its link to the one before is not the receipt's
    long afterId = event.id() - 1;
    Optional<TrustedCheckpoint> nearest = chain.covering(event.id(), headId, budget.left());
    if (nearest.isEmpty()) {
      return Result.of(walk.walk(afterId, event.prevHash(), headId, pages), 0);
    }
    TrustedCheckpoint near = nearest.get();
    ChainWalk.Result toNear = walk.walk(afterId, event.prevHash(), near.throughId(), pages);
    if (!toNear.intact()) {
      return Result.of(toNear, 0);
    }
    if (toNear.lastId() != near.throughId() || !near.throughHash().equals(toNear.lastHash())) {
      return new Result(near.throughId(), toNear.checked());
    }
    TrustedCheckpoint latest = chain.latest(headId, budget.left()).orElse(near);
    OptionalLong departed =
        chain.firstDeparture(near.throughId(), latest.throughId(), budget.left());
    if (departed.isPresent()) {
      return new Result(departed.getAsLong(), toNear.checked());
    }
    return Result.of(
        walk.walk(latest.throughId(), latest.throughHash(), headId, pages), toNear.checked());
  }
}
