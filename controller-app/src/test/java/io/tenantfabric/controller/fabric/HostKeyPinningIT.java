package io.tenantfabric.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * A re-import of the inventory may not change a switch's pinned host key unasked: 409 naming {@code
 * devices[i].hostKeySha256}, nothing of the request stored, the refusal audited; with the switch
 * named in {@code replaceHostKeys} the new key is stored and the replacement audited. Each test
 * gets a fresh schema (an application context of its own) and pins the first keys itself.
 */
@ControllerIT
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class HostKeyPinningIT {

  private static final String PRESET = "h3c-s9825-1024";
  private static final String OLD_KEY = "SHA256:" + "A".repeat(43);
  private static final String NEW_KEY = "SHA256:" + "B".repeat(43);
  private static final String SPINE_KEY = "SHA256:" + "C".repeat(43);
  private static final List<Map<String, Object>> FIRST_INVENTORY =
      List.of(
          device("spine-01", "SPINE", 18300, SPINE_KEY), device("leaf-01", "LEAF", 18316, OLD_KEY));

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private ApiClient api() {
    return new ApiClient(port);
  }

  /** Defines the fabric on the empty schema with the first inventory, pinning its keys. */
  private void pinFirstKeys() {
    ApiClient.Response r = put(body(PRESET, FIRST_INVENTORY, null));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  @Test
  void theFirstInventoryPinsTheKeysAndTheSameKeysAreAcceptedAgain() {
    ApiClient.Response first = put(body(PRESET, FIRST_INVENTORY, null));
    assertThat(first.status()).as(first.toString()).isEqualTo(201);
    ApiClient.Response again = put(body(PRESET, FIRST_INVENTORY, null));
    assertThat(again.status()).as(again.toString()).isEqualTo(200);
    assertThat(pinned("leaf-01")).isEqualTo(OLD_KEY);
  }

  @Test
  void aChangedKeyIsRefusedNamingTheFieldAndHowToAcceptIt() {
    pinFirstKeys();
    long rejectedBefore = rejections();
    ApiClient.Response r =
        put(
            body(
                PRESET,
                List.of(
                    device("spine-01", "SPINE", 18399, SPINE_KEY),
                    device("leaf-01", "LEAF", 18316, NEW_KEY)),
                null));

    assertThat(r.status()).as(r.toString()).isEqualTo(409);
    assertThat(r.isProblem()).isTrue();
    JsonNode p = r.json();
    assertThat(p.get("title").asString()).isEqualTo("Host key changed");
    assertThat(p.get("field").asString()).isEqualTo("devices[1].hostKeySha256");
    assertThat(p.get("detail").asString())
        .contains("leaf-01", OLD_KEY, NEW_KEY, "\"replaceHostKeys\": [\"leaf-01\"]");
    assertThat(p.get("pinnedHostKeySha256").asString()).isEqualTo(OLD_KEY);
    assertThat(p.get("hostKeySha256").asString()).isEqualTo(NEW_KEY);
    assertThat(p.get("changedDevices").get(0).asString()).isEqualTo("leaf-01");
    // nothing of the request was stored: not the new key, not spine-01's new port either
    assertThat(pinned("leaf-01")).isEqualTo(OLD_KEY);
    assertThat(
            jdbc.queryForObject("SELECT port FROM switches WHERE name = 'spine-01'", Integer.class))
        .isEqualTo(18300);
    assertThat(rejections()).isEqualTo(rejectedBefore + 1);
  }

  @Test
  void anotherSpecWithAChangedKeyIsRefusedWholeAsAGrowthAndStoresNothing() {
    pinFirstKeys();
    ApiClient.Response r =
        put(body("h3c-s9825-2048", List.of(device("leaf-01", "LEAF", 18316, NEW_KEY)), null));
    assertThat(r.status()).as(r.toString()).isEqualTo(409);
    // a fabric grows only by a growth plan: the PUT is refused before its inventory is looked at
    assertThat(r.json().get("type").asString())
        .isEqualTo("urn:tenant-fabric:problem:growth-required");
    assertThat(r.json().get("field").asString()).isEqualTo("preset");
    assertThat(jdbc.queryForObject("SELECT count(*) FROM gpus", Long.class)).isEqualTo(1024);
    assertThat(pinned("leaf-01")).isEqualTo(OLD_KEY);
  }

  @Test
  void replaceHostKeysMustNameADeviceOfTheRequest() {
    pinFirstKeys();
    ApiClient.Response r =
        put(
            body(
                PRESET,
                List.of(device("leaf-01", "LEAF", 18316, NEW_KEY)),
                List.of("leaf-01", "leaf-02")));
    assertThat(r.status()).as(r.toString()).isEqualTo(422);
    assertThat(r.json().get("field").asString()).isEqualTo("replaceHostKeys[1]");
    assertThat(pinned("leaf-01")).isEqualTo(OLD_KEY);
  }

  @Test
  void aSwitchNamedInReplaceHostKeysGetsItsNewKeyPinnedAndAudited() {
    pinFirstKeys();
    Map<String, Object> accept =
        body(PRESET, List.of(device("leaf-01", "LEAF", 18316, NEW_KEY)), List.of("leaf-01"));
    ApiClient.Response r = put(accept);
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    assertThat(r.json().get("outcome").asString()).isEqualTo("UNCHANGED");
    assertThat(pinned("leaf-01")).isEqualTo(NEW_KEY);
    String details =
        jdbc.queryForObject(
            "SELECT details::text FROM audit_events WHERE action = 'fabric.inventory'"
                + " AND outcome = 'SUCCESS' ORDER BY id DESC LIMIT 1",
            String.class);
    assertThat(details)
        .contains("\"hostKeysReplaced\": 1")
        .contains("\"from\": \"" + OLD_KEY + "\"")
        .contains("\"to\": \"" + NEW_KEY + "\"");

    // a retry of the same request is harmless: the key it names is already the pinned one
    ApiClient.Response retry = put(accept);
    assertThat(retry.status()).as(retry.toString()).isEqualTo(200);
    // and the new key is pinned in turn: the old one is now the change that is refused
    ApiClient.Response back =
        put(body(PRESET, List.of(device("leaf-01", "LEAF", 18316, OLD_KEY)), null));
    assertThat(back.status()).as(back.toString()).isEqualTo(409);
  }

  private ApiClient.Response put(Map<String, Object> body) {
    return api().put("/api/v1/fabric", body);
  }

  private String pinned(String name) {
    return jdbc.queryForObject(
        "SELECT host_key_sha256 FROM switches WHERE name = ?", String.class, name);
  }

  private long rejections() {
    return jdbc.queryForObject(
        "SELECT count(*) FROM audit_events WHERE action = 'fabric.inventory'"
            + " AND outcome = 'REJECTED'",
        Long.class);
  }

  private static Map<String, Object> body(
      String preset, List<Map<String, Object>> devices, List<String> replaceHostKeys) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("preset", preset);
    b.put("devices", devices);
    if (replaceHostKeys != null) {
      b.put("replaceHostKeys", replaceHostKeys);
    }
    return b;
  }

  private static Map<String, Object> device(String name, String role, int port, String key) {
    return Map.of(
        "name", name,
        "role", role,
        "host", "127.0.0.1",
        "port", port,
        "username", "admin",
        "password", "s3cret-password",
        "hostKeySha256", key);
  }
}
