package io.tenantfabric.controller.reconcile;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.ReconcileStore;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** Reads reconcile runs: one by id (404 when unknown) or the latest ones. */
@Component
class ReadReconcileRuns {

  private final ReconcileStore runs;
  private final Transactions tx;

  ReadReconcileRuns(ReconcileStore runs, Transactions tx) {
    this.runs = runs;
    this.tx = tx;
  }

  ReconcileRunView one(UUID id) {
    return tx.read(
        () ->
            runs.find(id)
                .map(ReconcileRunViews::of)
                .orElseThrow(
                    () ->
                        Refusal.notFound(
                            "Reconcile run not found", "There is no reconcile run " + id + ".")));
  }

  List<ReconcileRunView> recent(int limit) {
    return tx.read(() -> runs.recent(limit).stream().map(ReconcileRunViews::of).toList());
  }
}
