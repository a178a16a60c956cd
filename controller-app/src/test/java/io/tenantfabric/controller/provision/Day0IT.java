package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Day-0 as a checked prerequisite, on the emulated 1,024-GPU fabric over real SSH: a switch
 * replaced by a factory-fresh box is NOT_READY naming what its installer has not done, is kept out
 * of batches and placement while the rest of the fabric goes on, and once its day-0 is there leaves
 * NOT_READY by itself and is brought to its intent; a box whose serial is not the one pinned is
 * NOT_READY naming both serials; a reconcile finds a day-0 item removed from a switch in service.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// a switch that is not ready is looked at again after the provisioner's back-off
@TestPropertySource(properties = "fabric.provisioning.retry-max=500ms")
class Day0IT {

  static final Duration DEADLINE = Duration.ofSeconds(60);

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric("h3c-s9825-1024");
  @Autowired JdbcTemplate jdbc;

  ApiClient api;
  EmulatedFabric emulator;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
    emulator = fabric.emulator();
    ApiClient.Response t =
        api.post(
            "/api/v1/tenants", Map.of("name", "acme", "displayName", "Acme", "gpuQuota", 1024));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
  }

  @Test
  void aFreshBoxIsNotReadyStaysOutOfBatchesAndIsBroughtInOnceItsDay0IsThere() {
    String leaf = "leaf-05";
    EmulatedDevice box = emulator.device(leaf);
    long appliedBefore = device(leaf).get("appliedGeneration").asLong();
    box.wipe(); // a new unit in the rack: new host key and serial, factory configuration

    pinInventory(leaf);

    assertThat(awaitState(leaf, "NOT_READY")).as(device(leaf).toString()).isTrue();
    JsonNode day0 = device(leaf).get("day0");
    assertThat(day0.get("ready").asBoolean()).isFalse();
    List<String> items = new ArrayList<>();
    day0.get("gaps").forEach(g -> items.add(g.get("item").asString()));
    assertThat(items).contains("SYSNAME", "LLDP", "L2VPN", "VTEP_SOURCE", "EVPN_PEERS");
    assertThat(day0.get("gaps").get(0).get("detail").asString()).contains("'H3C'");

    // the fabric goes on without it: an allocation is placed elsewhere and becomes ACTIVE, while
    // the box gets nothing (the controller never pushes a day-0 item, nor anything else to it)
    JsonNode allocation =
        api.post("/api/v1/tenants/acme/allocations?wait=PT30S", Map.of("gpus", 64)).json();
    assertThat(allocation.get("status").asString()).isEqualTo("ACTIVE");
    allocation.get("gpus").forEach(g -> assertThat(g.get("leaf").asString()).isNotEqualTo(leaf));
    JsonNode waiting = device(leaf);
    assertThat(waiting.get("state").asString()).isEqualTo("NOT_READY");
    assertThat(waiting.get("pending").asBoolean()).isTrue();
    assertThat(waiting.get("appliedGeneration").asLong()).isEqualTo(appliedBefore);
    assertThat(box.day0Applied()).isFalse();
    assertThat(box.hostName()).isEqualTo("H3C");
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM provisioning_batch_switches WHERE switch_name = ?"
                    + " AND generation > ?",
                Long.class,
                leaf,
                appliedBefore))
        .as("batches with %s since it was replaced", leaf)
        .isZero();
    JsonNode health = api.get("/actuator/health").json().get("components").get("fabric");
    assertThat(health.get("details").get("notReady").toString()).contains(leaf);
    assertThat(api.get("/actuator/prometheus").body())
        .contains("fabric_switches{state=\"NOT_READY\"} 1.0");

    box.day0(); // the installer's work is done: nobody tells the controller

    assertThat(awaitState(leaf, "IN_SYNC")).as(device(leaf).toString()).isTrue();
    JsonNode ready = device(leaf);
    assertThat(ready.get("day0").get("ready").asBoolean()).isTrue();
    assertThat(ready.get("day0").get("gaps")).isEmpty();
    assertThat(ready.get("appliedGeneration").asLong()).isGreaterThan(appliedBefore);
    assertThat(events("device.day0", leaf))
        .as("one event when it went NOT_READY, one when it was ready again")
        .containsExactly("FAILURE", "SUCCESS");
    EmulatedFabrics.awaitInSync(api, DEADLINE);
  }

  @Test
  void aBoxWhoseSerialIsNotThePinnedOneIsNotReadyNamingBoth() {
    String leaf = "leaf-06";
    String serial = emulator.device(leaf).serialNumber();

    for (String junk : List.of("", "with space", "x".repeat(65))) {
      ApiClient.Response bad =
          api.sendingMalformedRequests().put("/api/v1/fabric", inventory(leaf, junk));
      assertThat(bad.status()).as("%s: %s", junk, bad).isEqualTo(400);
      assertThat(bad.json().get("field").asString()).matches("devices\\[\\d+]\\.serialNumber");
    }
    ApiClient.Response wrong = api.put("/api/v1/fabric", inventory(leaf, "210235A2DLH999999999"));
    assertThat(wrong.status()).as(wrong.toString()).isEqualTo(200);

    assertThat(awaitState(leaf, "NOT_READY")).as(device(leaf).toString()).isTrue();
    JsonNode gap = device(leaf).get("day0").get("gaps").get(0);
    assertThat(gap.get("item").asString()).isEqualTo("SERIAL_NUMBER");
    assertThat(gap.get("detail").asString()).contains(serial).contains("210235A2DLH999999999");
    assertThat(device(leaf).get("serialNumber").asString()).isEqualTo("210235A2DLH999999999");

    ApiClient.Response right = api.put("/api/v1/fabric", inventory(leaf, serial));
    assertThat(right.status()).as(right.toString()).isEqualTo(200);

    assertThat(awaitState(leaf, "IN_SYNC")).as(device(leaf).toString()).isTrue();
    assertThat(device(leaf).get("serialNumber").asString()).isEqualTo(serial);
  }

  @Test
  void aReconcileFindsADay0ItemRemovedFromASwitchInService() {
    String leaf = "leaf-07";
    emulator.device(leaf).cli(List.of("undo tunnel global source-address"));

    JsonNode run = reconcile(leaf);
    JsonNode result = run.get("switches").get(0);
    assertThat(result.get("outcome").asString()).isEqualTo("NOT_READY");
    assertThat(result.get("error").asString()).contains("VTEP_SOURCE");
    JsonNode notReady = device(leaf);
    assertThat(notReady.get("state").asString()).isEqualTo("NOT_READY");
    assertThat(notReady.get("day0").get("gaps").get(0).get("item").asString())
        .isEqualTo("VTEP_SOURCE");

    emulator.device(leaf).day0();

    assertThat(reconcile(leaf).get("switches").get(0).get("outcome").asString())
        .isEqualTo("PENDING");
    assertThat(awaitState(leaf, "IN_SYNC")).as(device(leaf).toString()).isTrue();
  }

  private JsonNode reconcile(String leaf) {
    ApiClient.Response r =
        api.post("/api/v1/fabric/devices/" + leaf + "/reconcile?policy=report&wait=PT30S", null);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json();
  }

  /** The inventory with {@code leaf}'s new host key and serial, its key replaced on purpose. */
  private void pinInventory(String leaf) {
    Map<String, Object> body =
        new java.util.LinkedHashMap<>(EmulatedFabrics.definition("h3c-s9825-1024", emulator));
    body.put("replaceHostKeys", List.of(leaf));
    ApiClient.Response r = api.put("/api/v1/fabric", body);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
  }

  /** The emulator's inventory with {@code leaf}'s serial number pinned to {@code serial}. */
  @SuppressWarnings("unchecked") // the definition's devices are the maps it built
  private Map<String, Object> inventory(String leaf, String serial) {
    Map<String, Object> body = EmulatedFabrics.definition("h3c-s9825-1024", emulator);
    for (Map<String, Object> d : (List<Map<String, Object>>) body.get("devices")) {
      if (leaf.equals(d.get("name"))) {
        d.put("serialNumber", serial);
      }
    }
    return body;
  }

  private JsonNode device(String name) {
    ApiClient.Response r = api.get("/api/v1/fabric/devices/" + name);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json();
  }

  private boolean awaitState(String name, String state) {
    return EmulatedFabrics.eventually(
        DEADLINE, () -> state.equals(device(name).get("state").asString()));
  }

  private List<String> events(String action, String target) {
    List<String> outcomes = new ArrayList<>();
    api.get("/api/v1/audits/events?action=" + action + "&limit=100")
        .json()
        .get("items")
        .forEach(
            e -> {
              if (target.equals(e.get("target").asString())) {
                outcomes.add(e.get("outcome").asString());
              }
            });
    return outcomes;
  }
}
