package io.tenantfabric.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.EmulatorControl;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.emulator.EmulatedFabric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Drift made out of band through the emulator's control API on the emulated 1,024-GPU fabric (real
 * SSH/NETCONF, real PostgreSQL): found per switch and tenant with the observed lines, the switch
 * {@code DRIFTED} under {@code report} and left as it is, repaired under {@code repair} and back to
 * {@code IN_SYNC} with the last drift kept on record.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReconcileIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric(PRESET);

  EmulatedFabric emulator;
  EmulatorControl control;
  ApiClient api;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
    emulator = fabric.emulator();
    control = fabric.control();
  }

  @Test
  void anOutOfBandRemovalIsDriftedUnderReportAndRepairedUnderRepair() {
    JsonNode gpu = allocate("night-shift").get("gpus").get(0);
    String leaf = gpu.get("leaf").asString();
    String port = gpu.get("port").asString();
    long appliedBefore = fabricSwitch(leaf).get("appliedGeneration").asLong();

    // the tenant's isolation ACL taken off its port on the switch itself
    control.cli(
        leaf, List.of("interface " + port, " undo packet-filter name t-night-shift-in inbound"));

    ApiClient.Response report =
        api.post("/api/v1/fabric/devices/" + leaf + "/reconcile?policy=report&wait=PT60S", null);
    assertThat(report.status()).as(report.toString()).isEqualTo(200);
    JsonNode run = report.json();
    assertThat(run.get("state").asString()).isEqualTo("DONE");
    assertThat(run.get("scope").asString()).isEqualTo(leaf);
    assertThat(run.get("policy").asString()).isEqualTo("report");
    assertThat(run.get("drifted").asInt()).isEqualTo(1);
    JsonNode found = run.get("switches").get(0);
    assertThat(found.get("name").asString()).isEqualTo(leaf);
    assertThat(found.get("outcome").asString()).isEqualTo("DRIFTED");
    JsonNode item = onlyItem(found.get("items"));
    assertThat(item.get("kind").asString()).isEqualTo("CONFLICTING");
    assertThat(item.get("object").asString()).isEqualTo("port " + port);
    assertThat(item.get("tenant").asString()).isEqualTo("night-shift");
    assertThat(item.get("expected").asString()).contains("t-night-shift-in");
    assertThat(item.get("observed").asString()).doesNotContain("t-night-shift-in");

    // report: DRIFTED and visible, nothing pushed
    JsonNode drifted = fabricSwitch(leaf);
    assertThat(drifted.get("state").asString()).isEqualTo("DRIFTED");
    assertThat(drifted.get("driftSince").isNull()).isFalse();
    assertThat(drifted.get("lastDrift").get("items")).hasSize(1);
    assertThat(drifted.get("appliedGeneration").asLong()).isEqualTo(appliedBefore);
    assertThat(api.get("/api/v1/fabric/devices/" + leaf).json().get("state").asString())
        .isEqualTo("DRIFTED");
    assertThat(config(leaf, "running")).isNotEqualTo(config(leaf, "intended"));

    ApiClient.Response repair =
        api.post("/api/v1/fabric/devices/" + leaf + "/reconcile?wait=PT60S", null);
    assertThat(repair.status()).as(repair.toString()).isEqualTo(200);
    assertThat(repair.json().get("policy").asString()).isEqualTo("repair");
    JsonNode repaired = repair.json().get("switches").get(0);
    assertThat(repaired.get("outcome").asString()).as(repair.toString()).isEqualTo("REPAIRED");
    assertThat(repaired.get("repairGeneration").asLong()).isGreaterThan(appliedBefore);

    JsonNode after = fabricSwitch(leaf);
    assertThat(after.get("state").asString()).isEqualTo("IN_SYNC");
    assertThat(after.get("driftSince").isNull()).isTrue();
    assertThat(after.get("lastDrift").get("items").get(0).get("object").asString())
        .as("the last drift stays on record")
        .isEqualTo("port " + port);
    assertThat(config(leaf, "running")).isEqualTo(config(leaf, "intended"));
    assertThat(driftEvents(leaf)).as("both runs audited the drift they found").hasSize(2);
  }

  @Test
  void anOutOfBandAdditionIsFoundFabricWideUnderReportAndRemovedUnderRepair() {
    JsonNode gpu = allocate("intruded").get("gpus").get(0);
    String leaf = gpu.get("leaf").asString();
    String free = freeGpuPort(leaf);

    // an unleased port joined to the tenant's network on the switch itself
    control.cli(
        leaf,
        List.of(
            "interface " + free,
            " port link-mode bridge",
            " undo shutdown",
            " service-instance 77",
            "  encapsulation untagged",
            "  xconnect vsi t-intruded"));

    // without ?wait: 202 with the run and where to poll it
    ApiClient.Response accepted = api.post("/api/v1/fabric/reconcile?policy=report", null);
    assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
    String location = accepted.header("Location").orElseThrow();
    assertThat(location)
        .isEqualTo("/api/v1/fabric/reconcile/" + accepted.json().get("id").asString());
    assertThat(accepted.json().get("scope").asString()).isEqualTo("fabric");
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE, () -> "DONE".equals(api.get(location).json().get("state").asString())))
        .as("the run finished: %s", api.get(location).body())
        .isTrue();
    JsonNode run = api.get(location).json();
    assertThat(run.get("drifted").asInt()).as(run.toString()).isEqualTo(1);
    assertThat(run.get("switches")).hasSize(48);
    for (JsonNode s : run.get("switches")) {
      assertThat(s.get("outcome").asString())
          .as("%s", s)
          .isEqualTo(s.get("name").asString().equals(leaf) ? "DRIFTED" : "IN_SYNC");
    }
    JsonNode item = onlyItem(find(run.get("switches"), leaf).get("items"));
    assertThat(item.get("kind").asString()).isEqualTo("CONFLICTING");
    assertThat(item.get("object").asString()).isEqualTo("port " + free);
    assertThat(item.get("tenant").asString())
        .as("attributed to the tenant whose network it joined")
        .isEqualTo("intruded");
    assertThat(item.get("observed").asString()).contains("t-intruded");
    assertThat(fabricSwitch(leaf).get("state").asString()).isEqualTo("DRIFTED");

    ApiClient.Response repair = api.post("/api/v1/fabric/reconcile?wait=PT60S", null);
    assertThat(repair.status()).as(repair.toString()).isEqualTo(200);
    assertThat(find(repair.json().get("switches"), leaf).get("outcome").asString())
        .isEqualTo("REPAIRED");
    assertThat(fabricSwitch(leaf).get("state").asString()).isEqualTo("IN_SYNC");
    assertThat(config(leaf, "running")).isEqualTo(config(leaf, "intended"));
    JsonNode freePort = portView(leaf, free);
    assertThat(freePort.get("allocation").isNull()).isTrue();
    assertThat(freePort.get("intended").get("binding").isNull()).isTrue();
  }

  @Test
  void badInputIs400NamingTheFieldAndRecordsNoRun() {
    int before = api.get("/api/v1/fabric/reconcile?limit=200").json().size();
    ApiClient malformed = api.sendingMalformedRequests();
    assertProblem(malformed.post("/api/v1/fabric/reconcile?policy=mend", null), 400, "policy");
    assertProblem(malformed.post("/api/v1/fabric/reconcile?wait=PT2M", null), 400, "wait");
    assertProblem(malformed.post("/api/v1/fabric/reconcile?wait=soon", null), 400, "wait");
    assertProblem(malformed.post("/api/v1/fabric/devices/Leaf_01/reconcile", null), 400, "name");
    assertProblem(malformed.get("/api/v1/fabric/reconcile/42"), 400, "id");
    assertProblem(malformed.get("/api/v1/fabric/reconcile?limit=0"), 400, "limit");
    ApiClient.Response unknownSwitch = api.post("/api/v1/fabric/devices/leaf-99/reconcile", null);
    assertThat(unknownSwitch.status()).as(unknownSwitch.toString()).isEqualTo(404);
    ApiClient.Response unknownRun =
        api.get("/api/v1/fabric/reconcile/00000000-0000-4000-8000-000000000000");
    assertThat(unknownRun.status()).as(unknownRun.toString()).isEqualTo(404);
    assertThat(unknownRun.isProblem()).isTrue();
    assertThat(api.get("/api/v1/fabric/reconcile?limit=200").json().size()).isEqualTo(before);
  }

  private JsonNode allocate(String tenant) {
    ApiClient.Response t =
        api.post("/api/v1/tenants", Map.of("name", tenant, "displayName", tenant, "gpuQuota", 8));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    ApiClient.Response a =
        api.post("/api/v1/tenants/" + tenant + "/allocations?wait=PT60S", Map.of("gpus", 1));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    assertThat(a.json().get("status").asString()).isEqualTo("ACTIVE");
    return a.json();
  }

  private JsonNode fabricSwitch(String name) {
    return find(api.get("/api/v1/fabric").json().get("switches"), name);
  }

  private JsonNode config(String device, String source) {
    ApiClient.Response r = api.get("/api/v1/fabric/devices/" + device + "/config?source=" + source);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json().get("config");
  }

  private String freeGpuPort(String leaf) {
    for (JsonNode p : api.get("/api/v1/fabric/devices/" + leaf).json().get("ports")) {
      if (!p.get("gpu").isNull() && p.get("allocation").isNull()) {
        return p.get("name").asString();
      }
    }
    throw new AssertionError("no free GPU port on " + leaf);
  }

  private JsonNode portView(String leaf, String port) {
    return find(api.get("/api/v1/fabric/devices/" + leaf).json().get("ports"), port);
  }

  private List<JsonNode> driftEvents(String leaf) {
    List<JsonNode> events = new ArrayList<>();
    for (JsonNode e :
        api.get("/api/v1/audits/events?action=device.drift&limit=500").json().get("items")) {
      if (e.get("target").asString().equals(leaf)) {
        events.add(e);
      }
    }
    return events;
  }

  private static JsonNode find(JsonNode array, String name) {
    for (JsonNode n : array) {
      if (n.get("name").asString().equals(name)) {
        return n;
      }
    }
    throw new AssertionError("no " + name + " in " + array);
  }

  private static JsonNode onlyItem(JsonNode items) {
    assertThat(items).as("drift items").hasSize(1);
    return items.get(0);
  }

  private static void assertProblem(ApiClient.Response r, int status, String field) {
    assertThat(r.status()).as(r.toString()).isEqualTo(status);
    assertThat(r.isProblem()).as(r.toString()).isTrue();
    assertThat(r.json().get("field").asString()).as(r.toString()).isEqualTo(field);
  }
}
