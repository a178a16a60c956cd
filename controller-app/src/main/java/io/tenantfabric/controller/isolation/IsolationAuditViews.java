package io.tenantfabric.controller.isolation;

import io.tenantfabric.db.isolation.IsolationAuditRow;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** A stored audit as the API shows it. */
@Component
class IsolationAuditViews {

  /** Where a waiting request stops waiting. */
  static final Set<String> FINAL = Set.of("CLEAN", "FINDINGS", "INCOMPLETE", "FAILED");

  private final JsonMapper json;

  IsolationAuditViews(JsonMapper json) {
    this.json = json;
  }

  IsolationAuditView of(IsolationAuditRow r, boolean withFindings) {
    return new IsolationAuditView(
        r.id().toString(),
        r.trigger().toLowerCase(Locale.ROOT),
        r.scope(),
        r.status().equals("REQUESTED") ? "RUNNING" : r.status(),
        r.requestedAt(),
        r.startedAt(),
        r.finishedAt(),
        r.timingsJson() == null
            ? null
            : json.readValue(r.timingsJson(), new TypeReference<Map<String, Long>>() {}),
        r.countsJson() == null
            ? null
            : json.readValue(r.countsJson(), new TypeReference<Map<String, Integer>>() {}),
        r.notManaged(),
        r.unreadable(),
        r.failure(),
        withFindings ? findings(r).stream().map(StoredFinding::view).toList() : null);
  }

  /** The audit's findings as stored, with whose each part is (when the audit recorded it). */
  List<StoredFinding> findings(IsolationAuditRow r) {
    return r.findingsJson() == null
        ? List.of()
        : json.readValue(r.findingsJson(), new TypeReference<List<StoredFinding>>() {});
  }
}
