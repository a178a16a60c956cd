package io.tenantfabric.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The controller's audit trail as a bench reads it: the head id before a measurement, then the
 * events of one action appended after it (keyset pages of {@code GET /api/v1/audits/events}).
 */
final class AuditEvents {
  private AuditEvents() {}

  /** The id of the newest event. */
  static long head(Api api) throws IOException, InterruptedException {
    Api.Response r = api.get("/api/v1/audits/events/head");
    if (r.status() != 200) {
      throw new IOException("GET /api/v1/audits/events/head -> " + r);
    }
    return r.json().get("id").asLong();
  }

  /** Every event of {@code action} with an id above {@code afterId}, oldest first. */
  static List<JsonNode> after(Api api, long afterId, String action)
      throws IOException, InterruptedException {
    List<JsonNode> out = new ArrayList<>();
    long after = afterId;
    while (true) {
      Api.Response r =
          api.get("/api/v1/audits/events?action=" + action + "&afterId=" + after + "&limit=500");
      if (r.status() != 200) {
        throw new IOException("GET /api/v1/audits/events -> " + r);
      }
      JsonNode page = r.json();
      page.get("items").forEach(out::add);
      JsonNode next = page.get("nextAfterId");
      if (next == null || next.isNull()) {
        return out;
      }
      after = next.asLong();
    }
  }

  /** The successful {@code device.apply} events (one per switch transaction). */
  static List<JsonNode> applied(Api api, long afterId) throws IOException, InterruptedException {
    List<JsonNode> ok = new ArrayList<>();
    for (JsonNode e : after(api, afterId, "device.apply")) {
      if ("SUCCESS".equals(e.get("outcome").asString())) {
        ok.add(e);
      }
    }
    return ok;
  }
}
