package io.tenantfabric.controller.growth;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.EmulatorControl;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.EmulatorOptions;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A live growth on the lab pair (emulator-growth-a, 6 switches and 16 GPUs, grown to
 * emulator-growth-b, 12 switches and 32 GPUs; real SSH/NETCONF, real PostgreSQL), with a one-GPU
 * and an 8-GPU tenant ACTIVE: the plan is stored, applying it waits for the first switch to be
 * installed and says so, the hands on the floor (the emulator's rack and cables) follow the plan's
 * steps, a cable plugged into the wrong port holds its step with WRONG_PEER naming both ends until
 * it is fixed, the controller is killed mid-growth and a new one goes on from the stored step, new
 * GPUs join placement only at the end of their step, every switch that was there keeps a
 * byte-for-byte identical running configuration, and the isolation audits before, during and after
 * are CLEAN.
 */
class GrowthIT {

  static final Duration DEADLINE = Duration.ofSeconds(120);
  static final Set<String> OLD_LEAVES = Set.of("leaf-01", "leaf-02", "leaf-03", "leaf-04");

  @TempDir Path logs;

  EmulatedFabric emulator;
  EmulatorControl floor;
  ApiClient api;
  String location;

  @Test
  void theLabFabricGrowsLiveStepByStepWithItsTenantsUntouched() throws Exception {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_growth");
    emulator =
        EmulatedFabric.start(
            EmulatorOptions.builder()
                .preset(FabricLayouts.GROWTH_B)
                .installedPreset(FabricLayouts.GROWTH_A)
                .bind("127.0.0.1")
                .basePort(0)
                .username(EmulatedFabrics.USER)
                .password(EmulatedFabrics.PASSWORD)
                .profile(Profile.COMWARE7)
                .build());
    try (EmulatedFabric started = emulator;
        EmulatorControl floor = EmulatorControl.of(emulator)) {
      this.floor = floor;
      // closed whatever happens: a process left running would outlive the test
      try (ControllerProcess first = ControllerProcess.start(schema, logs.resolve("first.log"))) {
        api = first.api();
        define();
        lease("octo", 8, 8);
        lease("solo", 2, 1);
        audit("before the growth");

        ApiClient.Response planned =
            api.post("/api/v1/fabric/growth", Map.of("spec", spec(FabricLayouts.GROWTH_B)));
        assertThat(planned.status()).as(planned.toString()).isEqualTo(201);
        JsonNode op = planned.json();
        location = planned.header("Location").orElseThrow();
        assertThat(op.get("state").asString()).isEqualTo("PLANNED");
        JsonNode steps = op.get("growth").get("steps");
        assertThat(steps.size()).isEqualTo(4);
        assertThat(op.get("growth").get("cablesToMove").asInt()).isEqualTo(8);
        assertThat(count(schema, "SELECT count(*) FROM switches"))
            .as("nothing changed")
            .isEqualTo(6);

        ApiClient.Response applied = api.post(location + "/apply", null);
        assertThat(applied.status()).as(applied.toString()).isEqualTo(202);
        JsonNode waiting = awaitOp(o -> waitsFor(o, "the inventory of spine-03"));
        assertThat(waiting.get("state").asString()).isEqualTo("WAITING");
        assertThat(waiting.get("step").asString()).isEqualTo("STEP_1");
        assertThat(count(schema, "SELECT count(*) FROM gpus WHERE held_by IS NOT NULL"))
            .as("the new GPUs are out of placement")
            .isEqualTo(16);

        // asked for now, an allocation goes to GPUs already in service
        JsonNode early = lease("early", 1, 1);
        assertThat(leaves(early)).isSubsetOf(OLD_LEAVES);
        Map<String, String> before = running(OLD_SWITCHES);

        // step 1: the new spines are racked, inventoried, given day-0
        install(steps.get(0));
        audit("during the growth");

        // step 2: every old leaf's uplink to spine-01 moves to spine-03
        awaitOp(o -> o.get("step").asString().equals("STEP_2") && waitsFor(o, "moved from"));
        moveCables(steps.get(1));

        // step 3: one cable goes to the wrong port first; and the controller dies meanwhile
        awaitOp(o -> o.get("step").asString().equals("STEP_3") && waitsFor(o, "moved from"));
        JsonNode wrong = steps.get(2).get("moves").get(0);
        String kept = end(wrong.get("kept"));
        floor.cable(
            wrong.get("kept").get("device").asString(),
            wrong.get("kept").get("port").asString(),
            wrong.get("to").get("device").asString(),
            "FourHundredGigE1/0/2");
        JsonNode blocked = awaitOp(o -> waitsFor(o, "WRONG_PEER: " + kept));
        assertThat(String.join("\n", texts(blocked.get("waitingFor"))))
            // the far port as LLDP names it, abbreviated or not
            .containsPattern(
                "WRONG_PEER: "
                    + kept
                    + " sees "
                    + wrong.get("to").get("device").asString()
                    + " (400GE|FourHundredGigE)1/0/2,")
            .contains("the plan puts " + end(wrong.get("to")));
        assertThat(blocked.get("step").asString()).isEqualTo("STEP_3");

        first.kill();
        try (ControllerProcess second =
            ControllerProcess.start(schema, logs.resolve("second.log"))) {
          api = second.api();
          awaitOp(o -> waitsFor(o, "WRONG_PEER: " + kept));
          assertThat(api.get(location).json().get("step").asString())
              .as("the new controller goes on from the stored step")
              .isEqualTo("STEP_3");
          moveCables(steps.get(2));

          // step 4: a rail group of new leaves with their servers
          awaitOp(o -> o.get("step").asString().equals("STEP_4"));
          ApiClient.Response tooMany =
              api.post("/api/v1/tenants/early/allocations", Map.of("gpus", 1));
          assertThat(tooMany.status()).as(tooMany.toString()).isIn(202, 409);
          install(steps.get(3));
          JsonNode done = awaitOp(o -> "DONE".equals(o.get("state").asString()));
          assertThat(done.get("step").asString()).isEqualTo("DONE");
          assertThat(count(schema, "SELECT count(*) FROM gpus WHERE held_by IS NOT NULL")).isZero();
          assertThat(count(schema, "SELECT count(*) FROM fabric_operation_switches WHERE held"))
              .isZero();

          assertThat(running(OLD_SWITCHES))
              .as("every switch that was there runs exactly what it ran")
              .isEqualTo(before);
          for (String t : List.of("octo", "solo", "early")) {
            for (JsonNode a :
                api.get("/api/v1/tenants/" + t + "/allocations").json().get("items")) {
              assertThat(a.get("status").asString()).as(t).isEqualTo("ACTIVE");
            }
          }
          audit("after the growth");

          // the new GPUs are placeable now: 32 - 8 - 1 - 1 (- 1) free, a server of 4 new ones too
          JsonNode late = lease("late", 16, 16);
          assertThat(leaves(late)).as("new leaves are used").containsAnyOf("leaf-05", "leaf-06");
        }
      }
    }
  }

  static final List<String> OLD_SWITCHES =
      List.of("spine-01", "spine-02", "leaf-01", "leaf-02", "leaf-03", "leaf-04");

  private void define() {
    List<Map<String, Object>> devices = new ArrayList<>();
    for (EmulatedDevice d : emulator.devices()) {
      if (emulator.installed(d.name())) {
        devices.add(inventory(d));
      }
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("spec", spec(FabricLayouts.GROWTH_A));
    body.put("devices", devices);
    ApiClient.Response r = api.put("/api/v1/fabric", body);
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    EmulatedFabrics.awaitInSync(api, DEADLINE);
  }

  /** A layout's spec as a request body gives it: the fields it sets, no nulls. */
  static Map<String, Object> spec(String layout) {
    Map<String, Object> spec = new LinkedHashMap<>();
    JSON.convertValue(FabricLayouts.spec(layout), Map.class)
        .forEach(
            (k, v) -> {
              if (v != null) {
                spec.put((String) k, v);
              }
            });
    return spec;
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static Map<String, Object> inventory(EmulatedDevice d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", d.name());
    m.put("role", d.role());
    m.put("host", d.host());
    m.put("port", d.port());
    m.put("username", EmulatedFabrics.USER);
    m.put("password", EmulatedFabrics.PASSWORD);
    m.put("hostKeySha256", d.hostKeySha256());
    m.put("serialNumber", d.serialNumber());
    return m;
  }

  /**
   * Racks the step's switches, gives their inventory, day-0 and the planned cables, through the
   * emulator's control API, as the hands on the floor and the installer's scripts would.
   */
  private void install(JsonNode step) {
    List<Map<String, Object>> devices = new ArrayList<>();
    for (JsonNode s : step.get("switches")) {
      JsonNode racked = floor.install(s.asString());
      assertThat(racked.get("installed").asBoolean()).isTrue();
      devices.add(inventory(emulator.device(s.asString())));
    }
    ApiClient.Response given = api.put(location + "/devices", Map.of("devices", devices));
    assertThat(given.status()).as(given.toString()).isEqualTo(200);
    String first = step.get("switches").get(0).asString();
    awaitOp(o -> waitsFor(o, "the day-0 configuration of " + first));
    for (JsonNode s : step.get("switches")) {
      floor.day0(s.asString());
    }
    for (JsonNode c : step.get("cables")) {
      floor.cable(
          c.get("a").get("device").asString(),
          c.get("a").get("port").asString(),
          c.get("b").get("device").asString(),
          c.get("b").get("port").asString());
    }
    // the new servers' NICs, as the plan puts them on the new leaves
    for (JsonNode s : step.get("switches")) {
      for (int p = 1; p <= 8; p++) {
        String port = "FourHundredGigE1/0/" + p;
        emulator
            .plannedCableAt(s.asString(), port)
            .filter(e -> e instanceof CableEnd.ServerNic)
            .map(e -> (CableEnd.ServerNic) e)
            .ifPresent(nic -> floor.cableToServer(s.asString(), port, nic.server(), nic.nic()));
      }
    }
  }

  private void moveCables(JsonNode step) {
    for (JsonNode m : step.get("moves")) {
      floor.cable(
          m.get("kept").get("device").asString(),
          m.get("kept").get("port").asString(),
          m.get("to").get("device").asString(),
          m.get("to").get("port").asString());
    }
  }

  private JsonNode lease(String tenant, int quota, int gpus) {
    ApiClient.Response t =
        api.post(
            "/api/v1/tenants", Map.of("name", tenant, "displayName", tenant, "gpuQuota", quota));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    ApiClient.Response a =
        api.post("/api/v1/tenants/" + tenant + "/allocations?wait=PT60S", Map.of("gpus", gpus));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    assertThat(a.json().get("status").asString()).isEqualTo("ACTIVE");
    return a.json();
  }

  private static Set<String> leaves(JsonNode allocation) {
    Set<String> leaves = new TreeSet<>();
    allocation.get("gpus").forEach(g -> leaves.add(g.get("leaf").asString()));
    return leaves;
  }

  private void audit(String when) {
    ApiClient.Response r = api.post("/api/v1/audits/isolation?wait=PT60S", Map.of());
    assertThat(r.status()).as("%s: %s", when, r).isEqualTo(200);
    assertThat(r.json().get("status").asString()).as("%s: %s", when, r.body()).isEqualTo("CLEAN");
  }

  private Map<String, String> running(List<String> switches) {
    Map<String, String> configs = new TreeMap<>();
    for (String s : switches) {
      EmulatedDevice d = emulator.device(s);
      // what an auditor reads and the datastore behind it, byte for byte
      String text = d.cli(List.of("display current-configuration"));
      assertThat(text).as(s).contains("interface FourHundredGigE1/0/8");
      configs.put(s, text + "\n" + d.runningXml());
    }
    return configs;
  }

  private JsonNode awaitOp(Predicate<JsonNode> condition) {
    JsonNode[] last = {null};
    boolean met =
        EmulatedFabrics.eventually(
            DEADLINE,
            () -> {
              last[0] = api.get(location).json();
              assertThat(last[0].get("state").asString())
                  .as("the growth: %s", last[0])
                  .isNotIn("FAILED", "CANCELLED");
              return condition.test(last[0]);
            });
    assertThat(met).as("the growth as it is: %s", last[0]).isTrue();
    return last[0];
  }

  private static boolean waitsFor(JsonNode op, String text) {
    return texts(op.get("waitingFor")).stream().anyMatch(w -> w.contains(text));
  }

  private static List<String> texts(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }

  private static String end(JsonNode e) {
    return e.get("device").asString() + " " + e.get("port").asString();
  }

  private static long count(TestDatabases.Schema schema, String sql) {
    return SchemaQueries.count(schema, sql);
  }
}
