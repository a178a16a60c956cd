package io.tenantfabric.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A switch's inventory entry changed by {@code PUT /api/v1/fabric} reaches the sessions already
 * open to it: the next live read and the next reconcile use the new entry, never the session opened
 * under the old one. One managed leaf (an emulated switch with the preset leaf's 64 ports) keeps
 * the fixture small; the rest of the preset stays unmanaged.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InventoryChangeIT {

  private static final String PRESET = "h3c-s9825-1024";
  private static final String LEAF = "leaf-01";
  private static final String OTHER_KEY = "SHA256:" + "Q".repeat(43);

  @LocalServerPort int port;

  private ApiClient api;
  private EmulatedFabric emulator;
  private EmulatedDevice leaf;

  @BeforeAll
  void oneLeafManaged() {
    api = new ApiClient(port);
    emulator = EmulatedFabrics.start("emulator-mini", Profile.COMWARE7);
    leaf = emulator.device(LEAF);
    ApiClient.Response r = put(leaf.port(), leaf.hostKeySha256(), false);
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    EmulatedFabrics.awaitInSync(api, Duration.ofSeconds(120));
  }

  @AfterAll
  void stopSwitches() {
    if (emulator != null) {
      emulator.close();
    }
  }

  @Test
  void aReplacedHostKeyIsCheckedByTheNextReadAndTheNextPush() {
    assertThat(running().status()).isEqualTo(200);
    try {
      ApiClient.Response replaced = put(leaf.port(), OTHER_KEY, true);
      assertThat(replaced.status()).as(replaced.toString()).isEqualTo(200);

      ApiClient.Response read = running();
      assertThat(read.status()).as(read.toString()).isEqualTo(503);
      assertThat(read.json().get("detail").asString()).contains("host key refused", OTHER_KEY);

      // A new key names another box: the controller checks it before it pushes the whole
      // intent, and that first read is refused.
      boolean refused =
          EmulatedFabrics.eventually(
              Duration.ofSeconds(60),
              () -> {
                JsonNode device = api.get("/api/v1/fabric/devices/" + LEAF).json();
                JsonNode error = device.get("lastError");
                return "UNREACHABLE".equals(device.get("state").asString())
                    && error != null
                    && !error.isNull()
                    && error.get("message").asString().contains("host key refused");
              });
      assertThat(refused)
          .as("the next push refused: %s", api.get("/api/v1/fabric/devices/" + LEAF).body())
          .isTrue();
    } finally {
      ApiClient.Response back = put(leaf.port(), leaf.hostKeySha256(), true);
      assertThat(back.status()).as(back.toString()).isEqualTo(200);
    }
    assertThat(running().status()).as("the switch's own key pinned again").isEqualTo(200);
  }

  @Test
  void aChangedPortIsUsedByTheNextRead() throws IOException {
    assertThat(running().status()).isEqualTo(200);
    try {
      ApiClient.Response moved = put(closedPort(), leaf.hostKeySha256(), false);
      assertThat(moved.status()).as(moved.toString()).isEqualTo(200);

      ApiClient.Response read = running();
      assertThat(read.status()).as(read.toString()).isEqualTo(503);
    } finally {
      ApiClient.Response back = put(leaf.port(), leaf.hostKeySha256(), false);
      assertThat(back.status()).as(back.toString()).isEqualTo(200);
    }
    assertThat(running().status()).as("the switch's own port again").isEqualTo(200);
  }

  private ApiClient.Response running() {
    return api.get("/api/v1/fabric/devices/" + LEAF + "/config?source=running");
  }

  /** {@code PUT /api/v1/fabric} of the preset with one device: the emulated leaf. */
  private ApiClient.Response put(int switchPort, String hostKey, boolean replaceKey) {
    Map<String, Object> device = new LinkedHashMap<>();
    device.put("name", LEAF);
    device.put("role", "LEAF");
    device.put("host", leaf.host());
    device.put("port", switchPort);
    device.put("username", EmulatedFabrics.USER);
    device.put("password", EmulatedFabrics.PASSWORD);
    device.put("hostKeySha256", hostKey);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("preset", PRESET);
    body.put("devices", List.of(device));
    if (replaceKey) {
      body.put("replaceHostKeys", List.of(LEAF));
    }
    return api.put("/api/v1/fabric", body);
  }

  /** A loopback port nothing listens on: bound once, then given back. */
  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
