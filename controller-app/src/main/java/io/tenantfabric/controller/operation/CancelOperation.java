package io.tenantfabric.controller.operation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.intent.IntentTransactions;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.db.operation.FabricOperationStore;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/v1/fabric/operations/{id}/cancel}: a PLANNED operation ends CANCELLED at once; a
 * growth or NIC-speed change being applied is asked to stop before its next step (the leader ends
 * it there, CANCELLED, its switches given back; what its steps did stays done). A replace is not
 * cancelled: it runs to its end or fails. Audited as {@code operation.cancel}.
 */
@Component
class CancelOperation {

  private final FabricOperationStore operations;
  private final AuditTrail audit;
  private final IntentTransactions intents;
  private final Clock clock;
  private final JsonMapper json;

  CancelOperation(
      FabricOperationStore operations,
      AuditTrail audit,
      IntentTransactions intents,
      Clock clock,
      JsonMapper json) {
    this.operations = operations;
    this.audit = audit;
    this.intents = intents;
    this.clock = clock;
    this.json = json;
  }

  OperationView cancel(UUID id) {
    return intents.run(
        () -> {
          FabricOperationRow row =
              operations
                  .find(id)
                  .orElseThrow(
                      () ->
                          Refusal.notFound(
                                  "Operation not found", "There is no fabric operation " + id + ".")
                              .field("id"));
          if ("REPLACE".equals(row.kind())) {
            throw Refusal.conflict(
                    "Not cancellable",
                    "A replace is not cancelled: it runs to its end or fails; post another replace"
                        + " once it has.")
                .field("id")
                .with("kind", row.kind());
          }
          if (FabricOperationStore.FINAL.contains(row.state())) {
            throw Refusal.conflict(
                    "Operation ended", "Operation " + id + " has ended " + row.state() + ".")
                .field("id")
                .with("state", row.state());
          }
          boolean now = operations.cancel(id, clock.instant());
          audit.record(
              new AuditRecord(
                  "operation.cancel",
                  "operation",
                  id.toString(),
                  null,
                  null,
                  AuditOutcome.SUCCESS,
                  Map.of("kind", row.kind(), "from", row.state(), "immediate", now)));
          return OperationViews.of(operations.find(id).orElseThrow(), json);
        });
  }
}
