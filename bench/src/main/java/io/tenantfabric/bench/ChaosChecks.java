package io.tenantfabric.bench;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What a settled fabric must show after a chaos run, each a figure whose target is 0 or true: every
 * promise of the {@link ChaosLedger} kept ({@code lost}), every allocation final ({@code stuck}),
 * no GPU in two live allocations (asked of the database itself, not of the API), every switch's
 * running config its intent (the controller's own comparison, under {@code policy=report} so it
 * repairs nothing), every live allocation healthy, every switch reachable and ready, an isolation
 * audit CLEAN, and the audit chain whole from its first event.
 */
final class ChaosChecks {
  private final ChaosFabric fabric;
  private final ChaosLedger ledger;
  private final Api api;
  private final List<String> findings = new ArrayList<>();

  ChaosChecks(ChaosFabric fabric, ChaosLedger ledger) {
    this.fabric = fabric;
    this.ledger = ledger;
    this.api = fabric.anyApi();
  }

  List<String> findings() {
    return findings;
  }

  /** Acknowledged changes whose effect is not there. */
  int lost() throws IOException {
    int lost = 0;
    for (Map.Entry<String, Boolean> t : ledger.tenants.entrySet()) {
      int status = api.get("/api/v1/tenants/" + t.getKey()).status();
      boolean deleted = t.getValue();
      if (deleted ? status != 404 : status != 200) {
        lost++;
        finding("tenant " + t.getKey() + (deleted ? " deleted" : " created") + ", now " + status);
      }
    }
    for (ChaosLedger.Lease l : ledger.leases.values()) {
      if (Boolean.TRUE.equals(ledger.tenants.get(l.tenant))) {
        continue; // its tenant was deleted with nothing live, as acknowledged
      }
      Api.Response r = api.get("/api/v1/tenants/" + l.tenant + "/allocations/" + l.id);
      String status = r.status() == 200 ? r.json().get("status").asString() : "HTTP " + r.status();
      boolean kept =
          l.released
              ? status.equals("RELEASED") || status.equals("RELEASING")
              : l.seenActive ? status.equals("ACTIVE") : r.status() == 200;
      if (!kept) {
        lost++;
        finding(
            "allocation "
                + l.id
                + " of "
                + l.tenant
                + (l.released ? " released" : l.seenActive ? " seen ACTIVE" : " placed")
                + ", now "
                + status);
      }
    }
    return lost;
  }

  /**
   * Allocations neither ACTIVE, FAILED with a reason, nor RELEASED; and, of the ACTIVE, those not
   * {@code health} OK: {@code [stuck, unhealthy]}.
   */
  int[] stuckAndUnhealthy() throws IOException {
    int stuck = 0;
    int unhealthy = 0;
    String after = null;
    do {
      JsonNode page =
          api.get("/api/v1/allocations?limit=200" + (after == null ? "" : "&after=" + after))
              .json();
      for (JsonNode a : page.get("items")) {
        String status = a.get("status").asString();
        boolean isFinal =
            status.equals("ACTIVE")
                || status.equals("RELEASED")
                || (status.equals("FAILED") && !a.path("failureReason").asString("").isBlank());
        if (!isFinal) {
          stuck++;
          finding("allocation " + a.get("id").asString() + " " + status);
        }
        if (status.equals("ACTIVE") && !"OK".equals(a.path("health").asString())) {
          unhealthy++;
          finding("allocation " + a.get("id").asString() + " " + a.path("healthReasons"));
        }
      }
      JsonNode next = page.get("nextAfter");
      after = next == null || next.isNull() ? null : next.asString();
    } while (after != null);
    return new int[] {stuck, unhealthy};
  }

  /** GPUs held by two live allocations, by the allocations' own status in the database. */
  int doubleGpus() throws Exception {
    try (Connection c = fabric.admin();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT count(*) FROM (SELECT m.gpu_id FROM allocation_gpus m JOIN allocations a"
                    + " ON a.id = m.allocation_id WHERE a.status IN ('PROVISIONING', 'ACTIVE',"
                    + " 'RELEASING') GROUP BY m.gpu_id HAVING count(*) > 1) twice")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /** Switches whose running config differs from the compiled intent, by a report-only reconcile. */
  int drifted() throws Exception {
    Api.Response r = api.post("/api/v1/fabric/reconcile?policy=report&wait=PT60S", null);
    JsonNode run = r.json();
    while (!"DONE".equals(run.get("state").asString())
        && !"FAILED".equals(run.get("state").asString())) {
      Thread.sleep(1000);
      run = api.get("/api/v1/fabric/reconcile/" + run.get("id").asString()).json();
    }
    if ("FAILED".equals(run.get("state").asString())) {
      finding("the report-only reconcile failed: " + run);
      return -1;
    }
    int drifted = 0;
    for (JsonNode s : run.get("switches")) {
      if (!"IN_SYNC".equals(s.get("outcome").asString())) {
        drifted++;
        finding("switch " + s.get("name").asString() + " " + s.get("outcome").asString());
      }
    }
    return drifted;
  }

  /** Switches UNREACHABLE or NOT_READY. */
  int unreachableOrNotReady() throws IOException {
    int n = 0;
    for (JsonNode s : api.get("/api/v1/fabric").json().get("switches")) {
      String state = s.get("state").asString();
      if (state.equals("UNREACHABLE") || state.equals("NOT_READY")) {
        n++;
        finding("switch " + s.get("name").asString() + " " + state);
      }
    }
    return n;
  }

  /** An isolation audit of the whole fabric ends CLEAN. */
  boolean isolationClean() throws Exception {
    JsonNode run = api.post("/api/v1/audits/isolation?wait=PT60S", null).json();
    while ("RUNNING".equals(run.get("status").asString())) {
      Thread.sleep(1000);
      run = api.get("/api/v1/audits/isolation/" + run.get("id").asString()).json();
    }
    if (!"CLEAN".equals(run.get("status").asString())) {
      finding("isolation audit " + run.get("status").asString() + ": " + run.path("counts"));
    }
    return "CLEAN".equals(run.get("status").asString());
  }

  /** The audit chain verifies from its first event. */
  boolean chainVerifies() throws IOException {
    JsonNode v = api.get("/api/v1/audits/events/verify?full=true").json();
    if (!v.path("ok").asBoolean(false)) {
      finding("audit chain: " + v);
    }
    return v.path("ok").asBoolean(false);
  }

  private void finding(String line) {
    if (findings.size() < 40) {
      findings.add(line);
    }
  }
}
