package io.tenantfabric.controller.growth;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * Growth plans over HTTP on a real PostgreSQL schema, no switch needed: the plan past 10,000 GPUs
 * from the 2048 fabric keeps every switch (a dry run, nothing stored), the benchmark layout is no
 * live growth of it, a stored plan is one at a time and cancelled at once while PLANNED, and its
 * inventory names only switches it adds.
 */
@ControllerIT
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class GrowthPlanIT {

  private static final String KEY = "SHA256:" + "A".repeat(43);

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private ApiClient api() {
    return new ApiClient(port);
  }

  private void define(String preset) {
    ApiClient.Response r = api().put("/api/v1/fabric", Map.of("preset", preset));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  @Test
  void theFabricOf2048GrowsPast10000KeepingEverySwitchAndNothingIsStoredOnADryRun() {
    define("h3c-s9825-2048");
    ApiClient.Response r =
        api().post("/api/v1/fabric/growth?dryRun=true", Map.of("preset", "h3c-s9825-10240-grown"));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    JsonNode plan = r.json();
    assertThat(plan.get("gpusToAdd").asInt()).isEqualTo(10240 - 2048);
    Set<String> added = new HashSet<>();
    plan.get("switchesToAdd").forEach(s -> added.add(s.get("name").asString()));
    assertThat(added).hasSize(704);
    List<String> old = jdbc.queryForList("SELECT name FROM switches", String.class);
    assertThat(old).hasSize(96).doesNotContainAnyElementsOf(added);
    assertThat(plan.get("cablesKept").asInt()).isEqualTo(1024);
    assertThat(plan.get("cablesToMove").asInt()).isEqualTo(1024);
    int moves = 0;
    for (JsonNode step : plan.get("steps")) {
      Set<String> leaves = new HashSet<>();
      for (JsonNode m : step.get("moves")) {
        moves++;
        assertThat(leaves.add(m.get("kept").get("device").asString()))
            .as("one uplink per leaf in step %s", step.get("number"))
            .isTrue();
        assertThat(old).contains(m.get("kept").get("device").asString());
      }
    }
    assertThat(moves).as("every move listed in a step").isEqualTo(1024);
    assertThat(jdbc.queryForObject("SELECT count(*) FROM fabric_operations", Long.class)).isZero();
    assertThat(jdbc.queryForObject("SELECT count(*) FROM switches", Long.class)).isEqualTo(96);

    ApiClient.Response benchmark =
        api().post("/api/v1/fabric/growth?dryRun=true", Map.of("preset", "h3c-s9825-10240"));
    assertThat(benchmark.status()).as(benchmark.toString()).isEqualTo(409);
    assertThat(benchmark.json().get("title").asString()).isEqualTo("Not a live growth");
    assertThat(benchmark.json().get("detail").asString()).contains("switch-removed");
  }

  @Test
  void aStoredPlanIsOneAtATimeTakesOnlyNewSwitchesInventoryAndIsCancelledAtOnce() {
    define("h3c-s9825-1024");
    ApiClient.Response planned =
        api().post("/api/v1/fabric/growth", Map.of("preset", "h3c-s9825-2048"));
    assertThat(planned.status()).as(planned.toString()).isEqualTo(201);
    String location = planned.header("Location").orElseThrow();
    JsonNode op = planned.json();
    assertThat(location).isEqualTo("/api/v1/fabric/operations/" + op.get("id").asString());
    assertThat(op.get("kind").asString()).isEqualTo("GROWTH");
    assertThat(op.get("state").asString()).isEqualTo("PLANNED");
    assertThat(op.get("step").asString()).isEqualTo("STEP_1");
    assertThat(op.get("growth").get("steps").size()).isEqualTo(21);
    assertThat(op.get("request").isNull()).as("a replace's request").isTrue();
    assertThat(op.get("nicSpeed").isNull()).isTrue();
    assertThat(op.get("growth").get("from").asString()).isEqualTo("h3c-s9825-1024");
    assertThat(op.get("growth").get("to").asString()).isEqualTo("h3c-s9825-2048");

    ApiClient.Response second =
        api().post("/api/v1/fabric/growth", Map.of("preset", "h3c-s9825-2048"));
    assertThat(second.status()).as(second.toString()).isEqualTo(409);
    assertThat(second.json().get("operation").asString()).isEqualTo(op.get("id").asString());

    ApiClient.Response oldSwitch =
        api().put(location + "/devices", Map.of("devices", List.of(device("leaf-01", "LEAF"))));
    assertThat(oldSwitch.status()).as(oldSwitch.toString()).isEqualTo(422);
    assertThat(oldSwitch.json().get("field").asString()).isEqualTo("devices[0].name");
    ApiClient.Response wrongRole =
        api().put(location + "/devices", Map.of("devices", List.of(device("spine-17", "LEAF"))));
    assertThat(wrongRole.status()).as(wrongRole.toString()).isEqualTo(422);
    assertThat(wrongRole.json().get("field").asString()).isEqualTo("devices[0].role");
    ApiClient.Response given =
        api().put(location + "/devices", Map.of("devices", List.of(device("spine-17", "SPINE"))));
    assertThat(given.status()).as(given.toString()).isEqualTo(200);
    assertThat(given.body()).doesNotContain("secret-password");
    assertThat(jdbc.queryForObject("SELECT count(*) FROM operation_devices", Long.class))
        .isEqualTo(1);
    assertThat(jdbc.queryForObject("SELECT count(*) FROM switches", Long.class))
        .as("a plan changes nothing of the fabric")
        .isEqualTo(48);

    ApiClient.Response cancelled = api().post(location + "/cancel", null);
    assertThat(cancelled.status()).as(cancelled.toString()).isEqualTo(200);
    assertThat(cancelled.json().get("state").asString()).isEqualTo("CANCELLED");
    ApiClient.Response again = api().post(location + "/cancel", null);
    assertThat(again.status()).as(again.toString()).isEqualTo(409);
    ApiClient.Response apply = api().post(location + "/apply", null);
    assertThat(apply.status()).as(apply.toString()).isEqualTo(409);
    assertThat(jdbc.queryForObject("SELECT count(*) FROM switches", Long.class)).isEqualTo(48);

    ApiClient.Response replanned =
        api().post("/api/v1/fabric/growth", Map.of("preset", "h3c-s9825-2048"));
    assertThat(replanned.status())
        .as("one growth at a time: the cancelled one is not open")
        .isEqualTo(201);
  }

  private static Map<String, Object> device(String name, String role) {
    return Map.of(
        "name",
        name,
        "role",
        role,
        "host",
        "127.0.0.1",
        "port",
        830,
        "username",
        "admin",
        "password",
        "secret-password",
        "hostKeySha256",
        KEY);
  }
}
