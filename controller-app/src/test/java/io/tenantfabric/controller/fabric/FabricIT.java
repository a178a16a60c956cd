package io.tenantfabric.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * The fabric API over HTTP on a real PostgreSQL schema: define from a preset, the same spec again,
 * device inventory without secrets, drain and cordon taking GPUs out of placement, another spec
 * refused as a growth-required problem, a smaller spec refused as no growth, and 404s. The fabric
 * is one row per schema, so each test gets a fresh schema (an application context of its own) and
 * defines the fabric it needs.
 */
@ControllerIT
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class FabricIT {

  private static final String KEY = "SHA256:" + "A".repeat(43);
  private static final Map<String, Object> PRESET_WITH_INVENTORY =
      Map.of(
          "preset",
          "h3c-s9825-1024",
          "devices",
          List.of(device("leaf-01", "LEAF", 18316), device("spine-01", "SPINE", 18300)));

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private ApiClient api() {
    return new ApiClient(port);
  }

  /**
   * The 1,024-GPU fabric with the inventory of leaf-01 and spine-01, defined on the empty schema.
   */
  private void defineFabric() {
    ApiClient.Response r = api().put("/api/v1/fabric", PRESET_WITH_INVENTORY);
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  @Test
  void readingBeforeDefiningIs404() {
    ApiClient.Response r = api().get("/api/v1/fabric");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.isProblem()).isTrue();
  }

  @Test
  void presetDefinesTheFabricOnceThenTheSameSpecIs200() {
    ApiClient.Response first = api().put("/api/v1/fabric", PRESET_WITH_INVENTORY);
    assertThat(first.status()).as(first.toString()).isEqualTo(201);
    assertThat(first.header("Location")).contains("/api/v1/fabric");
    assertThat(first.json().get("outcome").asString()).isEqualTo("DEFINED");
    assertThat(first.json().get("gpus").asInt()).isEqualTo(1024);
    assertThat(first.json().get("switches").asInt()).isEqualTo(48);
    assertThat(count("SELECT count(*) FROM gpus")).isEqualTo(1024);
    assertThat(count("SELECT count(*) FROM links")).isEqualTo(32 * 32);
    assertThat(count("SELECT count(*) FROM switches WHERE desired_generation = 1")).isEqualTo(48);
    // the planner's statistics of the new topology (V11): analyzed, where -1 means never
    assertThat(reltuples("gpus")).isEqualTo(1024);
    assertThat(reltuples("ports")).isEqualTo(count("SELECT count(*) FROM ports"));

    ApiClient.Response again = api().put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024"));
    assertThat(again.status()).as(again.toString()).isEqualTo(200);
    assertThat(again.json().get("outcome").asString()).isEqualTo("UNCHANGED");
    assertThat(count("SELECT count(*) FROM fabric")).isEqualTo(1);
  }

  @Test
  void readShowsSwitchesOccupancyAndInventoryButNeverPasswords() {
    defineFabric();
    ApiClient.Response r = api().get("/api/v1/fabric");
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    JsonNode body = r.json();
    assertThat(body.get("totals").get("gpus").asInt()).isEqualTo(1024);
    assertThat(body.get("totals").get("free").asInt()).isEqualTo(1024);
    assertThat(body.get("leaves").size()).isEqualTo(32);
    assertThat(body.get("leaves").get(0).get("total").asInt()).isEqualTo(32);
    JsonNode leaf01 = switchNamed(body, "leaf-01");
    assertThat(leaf01.get("device").get("port").asInt()).isEqualTo(18316);
    assertThat(leaf01.get("desiredGeneration").asLong()).isEqualTo(1);
    assertThat(r.body()).doesNotContain("s3cret-password").doesNotContain("\"password\"");
  }

  @Test
  void inventoryNamingAnUnknownSwitchOrTheWrongRoleIs422() {
    defineFabric();
    ApiClient.Response unknown =
        api()
            .put(
                "/api/v1/fabric",
                Map.of(
                    "preset", "h3c-s9825-1024", "devices", List.of(device("leaf-99", "LEAF", 1))));
    assertThat(unknown.status()).isEqualTo(422);
    assertThat(unknown.json().get("field").asString()).isEqualTo("devices[0].name");

    ApiClient.Response role =
        api()
            .put(
                "/api/v1/fabric",
                Map.of(
                    "preset", "h3c-s9825-1024", "devices", List.of(device("leaf-02", "SPINE", 1))));
    assertThat(role.status()).isEqualTo(422);
    assertThat(role.json().get("field").asString()).isEqualTo("devices[0].role");
  }

  @Test
  void drainAndCordonTakeGpusOutOfFreeCapacity() {
    defineFabric();
    assertThat(api().post("/api/v1/fabric/devices/leaf-03/drain", null).status()).isEqualTo(200);
    ApiClient.Response slash = api().post("/api/v1/fabric/gpus/gpu-node-001/0/cordon", null);
    assertThat(slash.status()).as(slash.toString()).isEqualTo(200);
    assertThat(slash.json().get("cordoned").asBoolean()).isTrue();
    ApiClient.Response colon = api().post("/api/v1/fabric/gpus/gpu-node-001:1/cordon", null);
    assertThat(colon.status()).as(colon.toString()).isEqualTo(200);
    assertThat(colon.json().get("id").asString()).isEqualTo("gpu-node-001/1");

    JsonNode totals = api().get("/api/v1/fabric").json().get("totals");
    assertThat(totals.get("cordoned").asInt()).isEqualTo(2);
    // leaf-03 holds 32 GPUs, none of them cordoned (gpu-node-001/0 and /1 sit on leaf-01, -02)
    assertThat(totals.get("free").asInt()).isEqualTo(1024 - 32 - 2);
    assertThat(count("SELECT count(*) FROM switches WHERE drained")).isEqualTo(1);

    api().post("/api/v1/fabric/devices/leaf-03/undrain", null);
    api().post("/api/v1/fabric/gpus/gpu-node-001/1/uncordon", null);
    assertThat(api().get("/api/v1/fabric").json().get("totals").get("free").asInt())
        .isEqualTo(1023);
  }

  @Test
  void unknownDevicesAndGpusAre404AndMalformedOnes400() {
    defineFabric();
    assertThat(api().post("/api/v1/fabric/devices/leaf-99/drain", null).status()).isEqualTo(404);
    assertThat(api().post("/api/v1/fabric/gpus/gpu-node-999/0/cordon", null).status())
        .isEqualTo(404);
    ApiClient.Response bad =
        api().sendingMalformedRequests().post("/api/v1/fabric/devices/LEAF_01/drain", null);
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.isProblem()).isTrue();
    assertThat(
            api()
                .sendingMalformedRequests()
                .post("/api/v1/fabric/gpus/gpu-node-001:x/cordon", null)
                .status())
        .isEqualTo(400);
  }

  @Test
  void anotherSpecIsAGrowthRequiredProblemThatNamesTheGrowthPlanAndChangesNothing() {
    defineFabric();
    ApiClient.Response r = api().put("/api/v1/fabric", Map.of("preset", "h3c-s9825-2048"));
    assertThat(r.status()).as(r.toString()).isEqualTo(409);
    assertThat(r.isProblem()).isTrue();
    assertThat(r.json().get("type").asString())
        .isEqualTo("urn:tenant-fabric:problem:growth-required");
    assertThat(r.json().get("field").asString()).isEqualTo("preset");
    assertThat(r.json().get("growth").asString()).isEqualTo("/api/v1/fabric/growth");
    assertThat(r.json().get("detail").asString()).contains("POST /api/v1/fabric/growth");
    assertThat(count("SELECT count(*) FROM gpus")).isEqualTo(1024);
    assertThat(count("SELECT count(*) FROM switches")).isEqualTo(48);
    assertThat(count("SELECT revision FROM fabric")).isEqualTo(1);
  }

  @Test
  void aSmallerSpecIsNoGrowthAndTheRefusalNamesWhy() {
    defineFabric();
    ApiClient.Response r =
        api()
            .post(
                "/api/v1/fabric/growth?dryRun=true",
                Map.of(
                    "spec",
                    Map.of(
                        "name",
                        "smaller",
                        "spinesPerPod",
                        8,
                        "leavesPerPod",
                        16,
                        "leafDownlinks",
                        32,
                        "leafUplinksPerSpine",
                        4)));
    assertThat(r.status()).as(r.toString()).isEqualTo(409);
    assertThat(r.isProblem()).isTrue();
    assertThat(r.json().get("detail").asString()).contains("switch-removed");
    assertThat(count("SELECT count(*) FROM gpus")).isEqualTo(1024);
  }

  @Test
  void unknownPresetAndPresetPlusSpecAreClientErrors() {
    defineFabric();
    ApiClient.Response unknown = api().put("/api/v1/fabric", Map.of("preset", "h3c-s9825-7"));
    assertThat(unknown.status()).isEqualTo(422);
    assertThat(unknown.json().get("field").asString()).isEqualTo("preset");
    ApiClient.Response neither = api().put("/api/v1/fabric", Map.of());
    assertThat(neither.status()).isEqualTo(400);
  }

  private long reltuples(String table) {
    return jdbc.queryForObject(
        "SELECT reltuples::bigint FROM pg_class WHERE oid = ?::regclass", Long.class, table);
  }

  private long count(String sql) {
    return jdbc.queryForObject(sql, Long.class);
  }

  private static JsonNode switchNamed(JsonNode body, String name) {
    for (JsonNode s : body.get("switches")) {
      if (s.get("name").asString().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("no switch " + name + " in " + body);
  }

  private static Map<String, Object> device(String name, String role, int port) {
    return Map.of(
        "name",
        name,
        "role",
        role,
        "host",
        "127.0.0.1",
        "port",
        port,
        "username",
        "admin",
        "password",
        "s3cret-password",
        "hostKeySha256",
        KEY);
  }
}
