package io.tenantfabric.controller.operation;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.operation.FabricOperationStore;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Reads fabric operations: one by id (404 when unknown), several at once, or a keyset page. */
@Component
public class ReadOperations {

  private final FabricOperationStore operations;
  private final Transactions tx;
  private final JsonMapper json;

  ReadOperations(FabricOperationStore operations, Transactions tx, JsonMapper json) {
    this.operations = operations;
    this.tx = tx;
    this.json = json;
  }

  public OperationView one(UUID id) {
    return tx.read(
        () ->
            operations
                .find(id)
                .map(r -> OperationViews.of(r, json))
                .orElseThrow(
                    () ->
                        Refusal.notFound(
                            "Operation not found", "There is no fabric operation " + id + ".")));
  }

  Map<UUID, OperationView> all(Set<UUID> ids) {
    Map<UUID, OperationView> found = new HashMap<>();
    tx.read(() -> operations.findAll(ids))
        .forEach(r -> found.put(r.id(), OperationViews.of(r, json)));
    return found;
  }

  /**
   * Operations of {@code state} and {@code kind} (null: any), newest first, created before {@code
   * after} (null: from the newest); a 400 naming {@code after} when it is no operation.
   */
  OperationSlice page(String state, String kind, UUID after, int limit) {
    return tx.read(
        () -> {
          Instant from = null;
          if (after != null) {
            from =
                operations
                    .createdAt(after)
                    .orElseThrow(
                        () ->
                            Refusal.invalid(
                                    "Invalid query parameter",
                                    "'after' names no operation: " + after + ".")
                                .field("after"));
          }
          List<OperationView> items =
              operations.page(state, kind, after, from, limit).stream()
                  .map(r -> OperationViews.of(r, json))
                  .toList();
          UUID next = items.size() < limit ? null : items.get(items.size() - 1).id();
          return new OperationSlice(items, after, limit, next);
        });
  }
}
