package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.AccessLog;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.audit.AuditChainReader;
import io.tenantfabric.db.audit.AuditChainRow;
import java.time.Duration;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/**
 * Checks a receipt, an event id and the hash its holder kept: the event must still have that hash,
 * and the chain from it to the head must verify ({@link ReceiptWalk}, bounded by the head read in
 * the same snapshot, so that events appended meanwhile are not walked). Read-only, and records no
 * event of its own, so that checking does not move the head.
 *
 * <p>Bounded: a check runs only with a permit ({@link ReceiptPermits}: a 429 past the bounds,
 * before any connection is taken), and holds its connection for at most {@code
 * fabric.audit.receipt-timeout}: every statement gets the time left as its timeout, and a walk that
 * would go on longer is answered 503. A TENANT caller may check only events whose {@code tenant_id}
 * is its own tenant's; any other event, one without a tenant id (every event before migration V4)
 * included, is answered with the same 404 as an unknown id, before any walk.
 */
@Component
@Import(AuditChainReader.class) // the app scans only its own packages
class CheckReceipt {

  private final AuditChainReader chain;
  private final ReceiptWalk walk;
  private final ReceiptPermits permits;
  private final Transactions tx;
  private final Duration timeout;
  // a walk too long now is shorter after the next checkpoint
  private final Duration retryAfter;

  CheckReceipt(
      AuditChainReader chain,
      ReceiptWalk walk,
      ReceiptPermits permits,
      Transactions tx,
      AuditProperties properties) {
    this.chain = chain;
    this.walk = walk;
    this.permits = permits;
    this.tx = tx;
    this.timeout = properties.receiptTimeout();
    Duration interval = properties.checkpointInterval();
    this.retryAfter =
        interval.isZero() ? Duration.ofSeconds(Math.max(1, timeout.toSeconds())) : interval;
  }

  /** The receipt of event {@code id} against {@code hash}, or a 404, 429 or 503 problem. */
  Receipt check(long id, AuditHash hash) {
    Actor actor = CurrentActor.get();
    ReceiptPermits.Permit permit = permits.acquire(actor);
    try {
      return tx.read(
          timeout,
          () -> {
            Budget budget = Budget.of(timeout, retryAfter);
            AuditChainRow event =
                chain
                    .event(id, budget.left())
                    .filter(e -> visible(actor, e))
                    .orElseThrow(() -> notFound(id));
            AuditChainRow head = chain.head(budget.left()).orElseThrow();
            boolean matches =
                hash.hex().equals(event.hash())
                    && hash.hex().equals(AuditCanonicalForm.hash(event));
            ReceiptWalk.Result r = walk.from(event, head.id(), budget);
            return new Receipt(
                id,
                hash.hex(),
                matches,
                r.brokenAt() == null,
                head.id(),
                head.hash(),
                r.brokenAt(),
                r.checked());
          });
    } finally {
      permit.release();
    }
  }

  private static boolean visible(Actor actor, AuditChainRow event) {
    if (actor.role() != Role.TENANT) {
      return true;
    }
    if (event.tenantId() != null && actor.sees(Long.parseLong(event.tenantId()))) {
      return true;
    }
    AccessLog.crossTenant(actor, event.tenant() == null ? "-" : event.tenant());
    return false;
  }

  private static Refusal notFound(long id) {
    return Refusal.notFound("Audit event not found", "No audit event " + id + ".");
  }
}
