package io.tenantfabric.controller.support;

import tools.jackson.databind.JsonNode;

/** Counts audit events over the API, every page of {@code GET /api/v1/audits/events}. */
public final class AuditEventCounts {

  private AuditEventCounts() {}

  /** Events of {@code action} on {@code target} with {@code outcome}. */
  public static long of(ApiClient api, String action, String target, String outcome) {
    long n = 0;
    Long after = 0L;
    while (after != null) {
      JsonNode page =
          api.get("/api/v1/audits/events?afterId=" + after + "&limit=500&action=" + action).json();
      for (JsonNode e : page.get("items")) {
        if (target.equals(e.get("target").asString())
            && outcome.equals(e.get("outcome").asString())) {
          n++;
        }
      }
      after = page.get("nextAfterId").isNull() ? null : page.get("nextAfterId").asLong();
    }
    return n;
  }
}
