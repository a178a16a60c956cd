package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.AccessLog;
import io.tenantfabric.controller.security.Actor;
import io.tenantfabric.controller.security.CurrentActor;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.audit.AuditChainRow;
import io.tenantfabric.db.audit.AuditEventRepository;
import org.springframework.stereotype.Component;

/**
 * Checks a receipt, an event id and the hash its holder kept: the event must still have that hash,
 * and the chain from it to the head must verify ({@link ChainWalk}, bounded by the head read in the
 * same snapshot, so that events appended meanwhile are not walked). Read-only, and records no event
 * of its own, so that checking does not move the head.
 *
 * <p>A TENANT caller may check only events whose {@code tenant_id} is its own tenant's; any other
 * event, one without a tenant id (every event before migration V4) included, is answered with the
 * same 404 as an unknown id, before any walk.
 */
@Component
class CheckReceipt {

  private final AuditEventRepository events;
  private final ChainWalk chain;
  private final Transactions tx;

  CheckReceipt(AuditEventRepository events, ChainWalk chain, Transactions tx) {
    this.events = events;
    this.chain = chain;
    this.tx = tx;
  }

  /** The receipt of event {@code id} against {@code hash}, or a 404 problem. */
  Receipt check(long id, AuditHash hash) {
    Actor actor = CurrentActor.get();
    // a walk from an old event can be long: the long statement timeout, as verify has
    return tx.longRead(
        () -> {
          AuditChainRow event =
              events.chainRow(id).filter(e -> visible(actor, e)).orElseThrow(() -> notFound(id));
          ChainHead head = events.findFirstByOrderByIdDesc().map(ChainHead::of).orElseThrow();
          boolean matches =
              hash.hex().equals(event.hash()) && hash.hex().equals(AuditCanonicalForm.hash(event));
          // the walk starts at the event itself: its link to the one before is not the receipt's
          ChainWalk.Result walk = chain.walk(id - 1, event.prevHash(), head.id());
          return new Receipt(
              id,
              hash.hex(),
              matches,
              walk.intact(),
              head.id(),
              head.hash(),
              walk.intact() ? null : walk.broken().id(),
              walk.checked());
        });
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
