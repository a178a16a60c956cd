package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.operation.StoredGrowth;
import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.db.operation.FabricOperationStore;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Finds the growth an operation id names, refusing what is not one (404, 409). */
@Component
class GrowthOperations {

  private final FabricOperationStore operations;
  private final JsonMapper json;

  GrowthOperations(FabricOperationStore operations, JsonMapper json) {
    this.operations = operations;
    this.json = json;
  }

  /** The operation {@code id}, which must be a GROWTH. */
  FabricOperationRow growth(UUID id) {
    FabricOperationRow row =
        operations
            .find(id)
            .orElseThrow(
                () ->
                    Refusal.notFound(
                            "Operation not found", "There is no fabric operation " + id + ".")
                        .field("id"));
    if (!"GROWTH".equals(row.kind())) {
      throw Refusal.conflict(
              "Not a growth", "Operation " + id + " is a " + row.kind() + ", not a growth.")
          .field("id")
          .with("kind", row.kind());
    }
    return row;
  }

  StoredGrowth stored(FabricOperationRow row) {
    return json.readValue(row.requestJson(), StoredGrowth.class);
  }

  static Refusal ended(FabricOperationRow row, String what) {
    return Refusal.conflict(
            "Growth " + row.state().toLowerCase(java.util.Locale.ROOT),
            "Growth " + row.id() + " is " + row.state() + ": " + what)
        .field("id")
        .with("state", row.state());
  }
}
