package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Reads isolation audits: one with its findings (404 when unknown), or the latest without. */
@Component
class ReadIsolationAudits {

  private final IsolationAuditStore audits;
  private final IsolationAuditViews views;
  private final Transactions tx;

  ReadIsolationAudits(IsolationAuditStore audits, IsolationAuditViews views, Transactions tx) {
    this.audits = audits;
    this.views = views;
    this.tx = tx;
  }

  IsolationAuditView one(UUID id) {
    return tx.read(
        () ->
            audits
                .find(id)
                .map(r -> views.of(r, true))
                .orElseThrow(
                    () ->
                        Refusal.notFound(
                            "Isolation audit not found",
                            "There is no isolation audit " + id + ".")));
  }

  List<IsolationAuditView> recent(int limit) {
    return tx.read(() -> audits.recent(limit).stream().map(r -> views.of(r, false)).toList());
  }
}
