package io.tenantfabric.controller.operation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Replacing switches of the emulated 1,024-GPU fabric (real SSH/NETCONF, real PostgreSQL): a leaf
 * with two tenants is wiped (a new unit: new host key and serial, no day-0), its tenants degrade, a
 * replace without day-0 fails naming what is missing and leaves it NOT_READY, and once the
 * installer's day-0 is there a replace brings every tenant port back, equal to the intent, CLEAN,
 * with no other switch touched; a spine alike; a wrong serial fails naming both; a replace held
 * open by a switch that refuses its lock is refused a second time and goes on after a leader change
 * from the step it was stored at.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SwitchReplaceIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(120);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric(PRESET);

  @Autowired TestDatabases.Schema schema;

  EmulatedFabric emulator;
  ApiClient api;
  final Map<String, JsonNode> allocations = new LinkedHashMap<>();
  final Set<String> tenantLeaves = new LinkedHashSet<>();

  /**
   * Two tenants with a whole server each on the same rail leaves: placement takes whole servers
   * from the rail group with the most of them free, so the second tenant leases servers until one
   * lands in the first tenant's group.
   */
  @BeforeAll
  void twoTenantsShareLeaves() {
    api = fabric.api();
    emulator = fabric.emulator();
    allocations.put("ember", lease(tenant("ember", 8)));
    Set<String> emberLeaves = leavesOf(allocations.get("ember"));
    tenant("frost", 40);
    for (int i = 0; i < 5 && tenantLeaves.isEmpty(); i++) {
      JsonNode a = lease("frost");
      Set<String> shared = leavesOf(a);
      shared.retainAll(emberLeaves);
      if (!shared.isEmpty()) {
        allocations.put("frost", a);
        tenantLeaves.addAll(shared);
      }
    }
    assertThat(tenantLeaves).as("leaves both tenants use").isNotEmpty();
  }

  private String tenant(String name, int quota) {
    ApiClient.Response t =
        api.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", quota));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    return name;
  }

  private JsonNode lease(String tenant) {
    ApiClient.Response a =
        api.post("/api/v1/tenants/" + tenant + "/allocations?wait=PT60S", Map.of("gpus", 8));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    assertThat(a.json().get("status").asString()).isEqualTo("ACTIVE");
    return a.json();
  }

  @Test
  @Order(1)
  void aWipedLeafIsReplacedOnceItsDay0IsThereAndNothingElseIsTouched() {
    String leaf = tenantLeaves.iterator().next();
    EmulatedDevice device = emulator.device(leaf);
    Map<String, String> othersBefore = runningOfAllBut(leaf);

    device.wipe(); // a new unit in the rack: new host key and serial, factory configuration
    ApiClient.Response reconcile =
        api.post("/api/v1/fabric/devices/" + leaf + "/reconcile?policy=report&wait=PT60S", null);
    assertThat(reconcile.status()).as(reconcile.toString()).isEqualTo(200);
    assertThat(reconcile.json().get("switches").get(0).get("outcome").asString())
        .as("the read fails on the changed host key")
        .isEqualTo("UNREACHABLE");
    for (String tenant : allocations.keySet()) {
      assertDegraded(tenant, "SWITCH_UNREACHABLE", leaf);
    }

    // without day-0: the identity is right, the switch is not ready
    ApiClient.Response noDay0 = replace(device, device.serialNumber());
    assertThat(noDay0.status()).as(noDay0.toString()).isEqualTo(200);
    JsonNode failed = noDay0.json();
    assertThat(failed.get("state").asString()).as(failed.toString()).isEqualTo("FAILED");
    assertThat(failed.get("step").asString()).isEqualTo("DAY0");
    assertThat(failed.get("error").asString())
        .contains(leaf)
        .contains("SYSNAME")
        .contains("LLDP")
        .contains("NOT_READY");
    assertThat(failed.get("finishedAt").isNull()).isFalse();
    assertThat(noDay0.header("Location").orElseThrow())
        .isEqualTo("/api/v1/fabric/operations/" + failed.get("id").asString());
    assertThat(device(leaf).get("state").asString()).isEqualTo("NOT_READY");
    for (String tenant : allocations.keySet()) {
      assertDegraded(tenant, "SWITCH_NOT_READY", leaf);
    }
    assertThat(api.get("/api/v1/fabric/operations/" + failed.get("id").asString()).json())
        .as("a failed operation stays failed")
        .isEqualTo(failed);

    device.day0(); // the installer's day-0
    ApiClient.Response done = replace(device, device.serialNumber());
    assertThat(done.status()).as(done.toString()).isEqualTo(200);
    JsonNode op = done.json();
    assertThat(op.get("state").asString()).as(op.toString()).isEqualTo("DONE");
    assertThat(op.get("step").asString()).isEqualTo("DONE");
    assertThat(op.get("error").isNull()).isTrue();
    assertThat(op.get("switches")).hasSize(1);
    assertThat(op.get("switches").get(0).asString()).isEqualTo(leaf);
    assertThat(op.get("request").get("serialNumber").asString()).isEqualTo(device.serialNumber());
    assertThat(op.get("request").has("password")).isFalse();

    // every tenant port is back, and the switch runs exactly its intent
    JsonNode view = device(leaf);
    assertThat(view.get("state").asString()).isEqualTo("IN_SYNC");
    for (Map.Entry<String, JsonNode> a : allocations.entrySet()) {
      for (JsonNode gpu : a.getValue().get("gpus")) {
        if (gpu.get("leaf").asString().equals(leaf)) {
          JsonNode port = port(view, gpu.get("port").asString());
          assertThat(port.get("allocation").get("tenant").asString()).isEqualTo(a.getKey());
          assertThat(port.get("intended").get("binding").get("vsi").asString())
              .isEqualTo("t-" + a.getKey());
        }
      }
    }
    assertThat(config(leaf, "running")).isEqualTo(config(leaf, "intended"));
    assertThat(config(leaf, "running").toString()).contains("t-ember").contains("t-frost");
    assertThat(latestOperationAudit(leaf).get("status").asString()).isEqualTo("CLEAN");
    for (String tenant : allocations.keySet()) {
      JsonNode now = allocation(tenant);
      assertThat(now.get("status").asString()).isEqualTo("ACTIVE");
      assertThat(now.get("health").asString()).as(now.toString()).isEqualTo("OK");
      assertThat(now.get("healthReasons")).isEmpty();
    }
    assertThat(runningOfAllBut(leaf))
        .as("no other switch received any change")
        .isEqualTo(othersBefore);

    JsonNode event = replaceEvents(leaf).get(1);
    assertThat(event.get("details").get("hostKeyTo").asString()).isEqualTo(device.hostKeySha256());
    assertThat(event.get("details").get("serialNumberTo").asString())
        .isEqualTo(device.serialNumber());
  }

  @Test
  @Order(2)
  void aWipedSpineIsReplacedToo() {
    EmulatedDevice spine =
        emulator.devices().stream().filter(d -> d.role().equals("SPINE")).findFirst().orElseThrow();
    String oldKey = spine.hostKeySha256();
    spine.wipe();
    spine.day0();
    assertThat(spine.hostKeySha256()).isNotEqualTo(oldKey);
    ApiClient.Response done = replace(spine, spine.serialNumber());
    assertThat(done.status()).as(done.toString()).isEqualTo(200);
    assertThat(done.json().get("state").asString()).as(done.toString()).isEqualTo("DONE");
    assertThat(device(spine.name()).get("state").asString()).isEqualTo("IN_SYNC");
    assertThat(config(spine.name(), "running")).isEqualTo(config(spine.name(), "intended"));
    JsonNode event = replaceEvents(spine.name()).get(0);
    assertThat(event.get("details").get("hostKeyFrom").asString())
        .as("the old key stays in the audit trail")
        .isEqualTo(oldKey);
  }

  @Test
  @Order(3)
  void aWrongSerialNumberFailsNamingBoth() {
    EmulatedDevice leaf = otherLeaf(0);
    ApiClient.Response wrong = replace(leaf, "210235A2DXX00000001");
    assertThat(wrong.status()).as(wrong.toString()).isEqualTo(200);
    JsonNode op = wrong.json();
    assertThat(op.get("state").asString()).as(op.toString()).isEqualTo("FAILED");
    assertThat(op.get("step").asString()).isEqualTo("IDENTITY");
    assertThat(op.get("error").asString())
        .contains(leaf.serialNumber())
        .contains("210235A2DXX00000001");

    // the operator posts a new replace with the serial the switch reports
    ApiClient.Response right = replace(leaf, leaf.serialNumber());
    assertThat(right.json().get("state").asString()).as(right.toString()).isEqualTo("DONE");
    assertThat(config(leaf.name(), "running")).isEqualTo(config(leaf.name(), "intended"));
  }

  @Test
  @Order(4)
  void anOpenReplaceHoldsItsSwitchAndGoesOnFromItsStepAfterALeaderChange() {
    EmulatedDevice leaf = otherLeaf(1);
    long desiredBefore = device(leaf.name()).get("desiredGeneration").asLong();
    leaf.injectFault(Fault.always(FaultType.HOLD_LOCK)); // its push cannot lock it: held open
    ApiClient.Response started =
        api.post(
            "/api/v1/fabric/devices/" + leaf.name() + "/replace", body(leaf, leaf.serialNumber()));
    assertThat(started.status()).as(started.toString()).isEqualTo(202);
    String location = started.header("Location").orElseThrow();
    assertThat(started.json().get("state").asString()).isEqualTo("RUNNING");
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE,
                () -> {
                  JsonNode op = api.get(location).json();
                  return op.get("step").asString().equals("PUSH")
                      && op.get("waitingFor").toString().contains("to apply generation");
                }))
        .as("the push is under way: %s", api.get(location).body())
        .isTrue();

    JsonNode stored = api.get(location).json();
    assertThat(stored.get("state").asString()).isEqualTo("RUNNING");
    assertThat(stored.get("step").asString()).isEqualTo("PUSH");
    ApiClient.Response second =
        api.post(
            "/api/v1/fabric/devices/" + leaf.name() + "/replace", body(leaf, leaf.serialNumber()));
    assertThat(second.status()).as(second.toString()).isEqualTo(409);
    assertThat(second.isProblem()).isTrue();
    assertThat(second.json().get("operation").asString()).isEqualTo(stored.get("id").asString());
    assertThat(second.json().get("detail").asString()).contains(stored.get("id").asString());

    // the leader is fenced with the push raised, not applied; the lead is taken again
    assertThat(terminateLockSession()).as("the lock session terminated").isEqualTo(1);
    leaf.clearFaults();
    ApiClient.Response done = api.get(location + "?wait=PT25S");
    assertThat(done.json().get("state").asString()).as(done.toString()).isEqualTo("DONE");
    assertThat(device(leaf.name()).get("desiredGeneration").asLong())
        .as("the push was raised once, not again on resume")
        .isEqualTo(desiredBefore + 1);
    assertThat(config(leaf.name(), "running")).isEqualTo(config(leaf.name(), "intended"));

    // page by page, newest first, the same operations as in one page
    List<String> all = new ArrayList<>();
    api.get("/api/v1/fabric/operations?kind=REPLACE&limit=200")
        .json()
        .get("items")
        .forEach(o -> all.add(o.get("id").asString()));
    assertThat(all.get(0)).as("newest first").isEqualTo(done.json().get("id").asString());
    List<String> paged = new ArrayList<>();
    String after = null;
    do {
      JsonNode page =
          api.get(
                  "/api/v1/fabric/operations?kind=REPLACE&limit=2"
                      + (after == null ? "" : "&after=" + after))
              .json();
      page.get("items").forEach(o -> paged.add(o.get("id").asString()));
      after = page.get("nextAfter").isNull() ? null : page.get("nextAfter").asString();
    } while (after != null);
    assertThat(paged).isEqualTo(all);
    JsonNode failedOnly = api.get("/api/v1/fabric/operations?state=FAILED").json();
    failedOnly.get("items").forEach(o -> assertThat(o.get("state").asString()).isEqualTo("FAILED"));
  }

  /** Cuts the provisioning lock's session (the leader's), as a network fault or a DBA would. */
  private long terminateLockSession() {
    return SchemaQueries.count(
        schema,
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_locks"
            + " WHERE locktype = 'advisory' AND granted AND classid = x'74666162'::int::oid"
            + " AND objid = hashtext('"
            + schema.name()
            + "')::oid AND objsubid = 2) t");
  }

  @Test
  @Order(5)
  void refusalsNameTheirCause() {
    ApiClient malformed = api.sendingMalformedRequests();
    EmulatedDevice leaf = otherLeaf(2);
    Map<String, Object> noSerial = body(leaf, "x");
    noSerial.remove("serialNumber");
    assertProblem(
        malformed.post("/api/v1/fabric/devices/" + leaf.name() + "/replace", noSerial),
        400,
        "serialNumber");
    Map<String, Object> shortKey = body(leaf, "SN-1");
    shortKey.put("hostKeySha256", "SHA256:short");
    assertProblem(
        malformed.post("/api/v1/fabric/devices/" + leaf.name() + "/replace", shortKey),
        400,
        "hostKeySha256");
    assertProblem(
        api.post("/api/v1/fabric/devices/leaf-99/replace", body(leaf, "SN-1")), 404, "name");
    assertThat(device(leaf.name()).get("state").asString())
        .as("a refused replace changed nothing")
        .isEqualTo("IN_SYNC");
    assertProblem(malformed.get("/api/v1/fabric/operations?state=SLEEPING"), 400, "state");
    assertProblem(
        malformed.get("/api/v1/fabric/operations?after=00000000-0000-4000-8000-000000000000"),
        400,
        "after");
    ApiClient.Response unknown =
        api.get("/api/v1/fabric/operations/00000000-0000-4000-8000-000000000000");
    assertThat(unknown.status()).as(unknown.toString()).isEqualTo(404);
  }

  /** Replaces {@code d} by what it is now (its key and serial, unless told another serial). */
  private ApiClient.Response replace(EmulatedDevice d, String serial) {
    return api.post("/api/v1/fabric/devices/" + d.name() + "/replace?wait=PT60S", body(d, serial));
  }

  private static Map<String, Object> body(EmulatedDevice d, String serial) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("host", d.host());
    b.put("port", d.port());
    b.put("username", EmulatedFabrics.USER);
    b.put("password", EmulatedFabrics.PASSWORD);
    b.put("hostKeySha256", d.hostKeySha256());
    b.put("serialNumber", serial);
    return b;
  }

  /** A leaf neither tenant uses, the n-th of them. */
  private EmulatedDevice otherLeaf(int n) {
    return emulator.devices().stream()
        .filter(d -> d.role().equals("LEAF") && !tenantLeaves.contains(d.name()))
        .skip(n)
        .findFirst()
        .orElseThrow();
  }

  private Map<String, String> runningOfAllBut(String name) {
    Map<String, String> running = new LinkedHashMap<>();
    for (EmulatedDevice d : emulator.devices()) {
      if (!d.name().equals(name)) {
        running.put(d.name(), d.runningXml());
      }
    }
    return running;
  }

  private void assertDegraded(String tenant, String reason, String leaf) {
    JsonNode a = allocation(tenant);
    assertThat(a.get("health").asString()).as(a.toString()).isEqualTo("DEGRADED");
    List<String> reasons = new ArrayList<>();
    for (JsonNode r : a.get("healthReasons")) {
      reasons.add(r.get("reason").asString() + " " + r.get("switch").asString());
    }
    assertThat(reasons).as(a.toString()).contains(reason + " " + leaf);
  }

  private JsonNode allocation(String tenant) {
    ApiClient.Response r =
        api.get(
            "/api/v1/tenants/"
                + tenant
                + "/allocations/"
                + allocations.get(tenant).get("id").asString());
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json();
  }

  private JsonNode device(String name) {
    ApiClient.Response r = api.get("/api/v1/fabric/devices/" + name);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json();
  }

  private JsonNode config(String device, String source) {
    ApiClient.Response r = api.get("/api/v1/fabric/devices/" + device + "/config?source=" + source);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json().get("config");
  }

  /** The newest isolation audit an operation asked for of {@code name}. */
  private JsonNode latestOperationAudit(String name) {
    for (JsonNode a : api.get("/api/v1/audits/isolation?limit=200").json()) {
      if (a.get("trigger").asString().equalsIgnoreCase("OPERATION")
          && a.get("scope").toString().equals("[\"" + name + "\"]")) {
        return a;
      }
    }
    throw new AssertionError("no isolation audit of " + name + " asked for by an operation");
  }

  /** The device.replace events of {@code name}, oldest first. */
  private List<JsonNode> replaceEvents(String name) {
    List<JsonNode> events = new ArrayList<>();
    for (JsonNode e :
        api.get("/api/v1/audits/events?action=device.replace&limit=500").json().get("items")) {
      if (e.get("target").asString().equals(name)
          && e.get("outcome").asString().equals("SUCCESS")) {
        events.add(e);
      }
    }
    return events;
  }

  private static Set<String> leavesOf(JsonNode allocation) {
    Set<String> leaves = new LinkedHashSet<>();
    allocation.get("gpus").forEach(g -> leaves.add(g.get("leaf").asString()));
    return leaves;
  }

  private static JsonNode port(JsonNode device, String name) {
    for (JsonNode p : device.get("ports")) {
      if (p.get("name").asString().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no port " + name);
  }

  private static void assertProblem(ApiClient.Response r, int status, String field) {
    assertThat(r.status()).as(r.toString()).isEqualTo(status);
    assertThat(r.isProblem()).as(r.toString()).isTrue();
    assertThat(r.json().get("field").asString()).as(r.toString()).isEqualTo(field);
  }
}
