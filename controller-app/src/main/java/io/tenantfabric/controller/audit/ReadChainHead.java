package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.audit.AuditEventRepository;
import org.springframework.stereotype.Component;

/** Reads the head of the chain, read-only and without an audit event of its own. */
@Component
class ReadChainHead {

  private final AuditEventRepository events;
  private final Transactions tx;

  ReadChainHead(AuditEventRepository events, Transactions tx) {
    this.events = events;
    this.tx = tx;
  }

  /** The newest event, or a 404 problem when the trail is empty. */
  ChainHead read() {
    return tx.read(
        () ->
            events
                .findFirstByOrderByIdDesc()
                .map(ChainHead::of)
                .orElseThrow(
                    () ->
                        Refusal.notFound(
                            "Audit trail empty", "The audit trail holds no event yet.")));
  }
}
