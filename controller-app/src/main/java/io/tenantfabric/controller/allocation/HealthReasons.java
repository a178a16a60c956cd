package io.tenantfabric.controller.allocation;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An allocation's {@code health_reasons} as the API shows them: the database's {@code [{reason,
 * switch, port?, operation?}]}, in its order (by reason, switch, port, operation).
 */
final class HealthReasons {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private HealthReasons() {}

  /** The reasons stored as {@code json}; none for null or {@code []}. */
  static List<AllocationView.HealthReason> read(String json) {
    List<AllocationView.HealthReason> out = new ArrayList<>();
    if (json == null || json.isBlank()) {
      return out;
    }
    for (JsonNode n : JSON.readTree(json)) {
      out.add(
          new AllocationView.HealthReason(
              n.path("reason").asString(),
              n.path("switch").asString(),
              text(n.get("port")),
              text(n.get("operation"))));
    }
    return out;
  }

  private static String text(JsonNode n) {
    return n == null || n.isNull() ? null : n.asString();
  }
}
