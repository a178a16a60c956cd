package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.control.ControlServer;
import io.tenantfabric.emulator.support.LldpReads;
import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The lab growth ({@code emulator-growth-b} with {@code emulator-growth-a} installed) over SSH and
 * the control API: switches not installed do not listen and are in no inventory, an install racks
 * one factory-fresh at its base-port address, and an uplink moved onto a new spine is heard at both
 * ends. Each test works on switches no other test touches.
 */
class FabricGrowthIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @TempDir static Path tmp;
  static EmulatedFabric fabric;
  static ControlServer control;
  static Path inventory;
  static int basePort;

  @BeforeAll
  static void start() throws Exception {
    basePort = freeRange(12);
    fabric =
        EmulatedFabric.start(
            EmulatorOptions.builder()
                .preset(FabricLayouts.GROWTH_B)
                .installedPreset(FabricLayouts.GROWTH_A)
                .basePort(basePort)
                .hostKeyDir(tmp.resolve("keys"))
                .build());
    inventory = tmp.resolve("inventory.json");
    fabric.inventoryFile(inventory);
    control = ControlServer.start(fabric, 0);
  }

  @AfterAll
  static void stop() {
    control.close();
    fabric.close();
  }

  /** A base port with {@code n} free ports from it, so that every switch's address is known. */
  static int freeRange(int n) throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      int base;
      try (ServerSocket s = new ServerSocket(0)) {
        base = s.getLocalPort();
      }
      if (base + n > 65535) {
        continue;
      }
      List<ServerSocket> held = new ArrayList<>();
      try {
        for (int p = base; p < base + n; p++) {
          held.add(new ServerSocket(p, 1, InetAddress.getLoopbackAddress()));
        }
        return base;
      } catch (IOException e) {
        // taken: try another
      } finally {
        for (ServerSocket s : held) {
          s.close();
        }
      }
    }
    throw new IOException("no range of " + n + " free ports");
  }

  static HttpResponse<String> call(String method, String path, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + control.port() + path))
            .timeout(Duration.ofSeconds(30));
    if (!method.equals("GET")) {
      b.header("Content-Type", "application/json");
    }
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static JsonNode device(String name) throws Exception {
    HttpResponse<String> r = call("GET", "/devices/" + name, null);
    assertThat(r.statusCode()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  static JsonNode inventoryEntry(String json, String name) {
    for (JsonNode d : JSON.readTree(json).get("devices")) {
      if (d.get("name").asString().equals(name)) {
        return d;
      }
    }
    return null;
  }

  static void refusesConnections(int port) {
    assertThatThrownBy(
            () -> {
              try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
              }
            })
        .isInstanceOf(ConnectException.class);
  }

  @Test
  void aSwitchNotInstalledDoesNotListenAndIsInNoInventory() throws Exception {
    // leaf-08 is the 12th switch in listening order (4 spines, then leaves)
    refusesConnections(basePort + 11);
    assertThat(fabric.installed("leaf-08")).isFalse();
    assertThat(fabric.installed("leaf-04")).isTrue();
    assertThat(inventoryEntry(Files.readString(inventory), "leaf-08")).isNull();
    assertThat(inventoryEntry(Files.readString(inventory), "leaf-04")).isNotNull();
    assertThat(inventoryEntry(fabric.inventoryJson(), "leaf-08")).isNull();

    JsonNode d = device("leaf-08");
    assertThat(d.get("installed").asBoolean()).isFalse();
    assertThat(d.get("listening").asBoolean()).isFalse();
    assertThat(d.has("host") || d.has("port") || d.has("hostKeySha256")).isFalse();
    assertThat(device("leaf-04").get("installed").asBoolean()).isTrue();

    HttpResponse<String> start = call("POST", "/devices/leaf-08/start", null);
    assertThat(start.statusCode()).isEqualTo(409);
    assertThat(start.body()).contains("leaf-08 is not installed");
    assertThat(call("GET", "/devices/leaf-08/cables", null).body())
        .as("a switch not installed has no cables")
        .doesNotContain("\"peer\":{");
    assertThat(fabric.cableAt("leaf-08", "FourHundredGigE1/0/1")).isEmpty();
    assertThat(fabric.plannedCableAt("leaf-08", "FourHundredGigE1/0/1"))
        .as("the plan is the larger fabric's")
        .contains(CableEnd.nic("gpu-node-005", "mlx5_3"));
    assertThat(fabric.cableAt("leaf-04", "FourHundredGigE1/0/7"))
        .as("cabled as the smaller fabric plans")
        .contains(CableEnd.port("spine-01", "FourHundredGigE1/0/8"));
    assertThat(fabric.plannedCableAt("leaf-04", "FourHundredGigE1/0/7"))
        .contains(CableEnd.port("spine-03", "FourHundredGigE1/0/7"));
  }

  @Test
  void installRacksAFactoryFreshSwitchAtItsAddressAndListsIt() throws Exception {
    int port = basePort + 3; // spine-04, the 4th switch
    refusesConnections(port);
    HttpResponse<String> r = call("POST", "/devices/spine-04/install", null);
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode d = JSON.readTree(r.body());
    assertThat(d.get("installed").asBoolean()).isTrue();
    assertThat(d.get("listening").asBoolean()).isTrue();
    assertThat(d.get("host").asString()).isEqualTo("127.0.0.1");
    assertThat(d.get("port").asInt()).isEqualTo(port);
    assertThat(d.get("day0").asBoolean()).as("factory-fresh").isFalse();
    assertThat(d.get("hostName").asString()).isEqualTo("H3C");
    String key = d.get("hostKeySha256").asString();
    assertThat(key).startsWith("SHA256:");
    assertThat(device("spine-04")).isEqualTo(d);
    assertThat(Files.exists(tmp.resolve("keys").resolve("spine-04.key"))).isTrue();

    try (RawNetconfClient c = RawNetconfClient.connect(fabric.device("spine-04"))) {
      assertThat(c.serverHello()).contains("<session-id>");
    }
    JsonNode listed = inventoryEntry(Files.readString(inventory), "spine-04");
    assertThat(listed).isNotNull();
    assertThat(listed.get("port").asInt()).isEqualTo(port);
    assertThat(listed.get("hostKeySha256").asString()).isEqualTo(key);
    assertThat(listed.get("serialNumber").asString()).isEqualTo(d.get("serialNumber").asString());
    assertThat(fabric.inventoryJson()).isEqualTo(Files.readString(inventory));

    HttpResponse<String> again = call("POST", "/devices/spine-04/install", null);
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(JSON.readTree(again.body()).get("error").asString())
        .isEqualTo("spine-04 is already installed");
    assertThat(call("POST", "/devices/spine-99/install", null).statusCode()).isEqualTo(404);
    assertThat(call("GET", "/devices/spine-04/install", null).statusCode()).isEqualTo(405);
    assertThat(call("POST", "/devices/spine-04/day0", null).body()).contains("\"day0\":true");
  }

  @Test
  void anUplinkMovedOntoANewSpineIsHeardAtBothEnds() throws Exception {
    String uplink = "FourHundredGigE1/0/7";
    assertThat(neighbourOn("spine-01", "FourHundredGigE1/0/2"))
        .containsEntry("SystemName", "leaf-01");

    EmulatedDevice spine = fabric.install("spine-03");
    assertThat(fabric.installed("spine-03")).isTrue();
    assertThat(spine.port()).isEqualTo(basePort + 2);
    spine.day0();
    HttpResponse<String> moved =
        call(
            "POST",
            "/devices/leaf-01/cables",
            "{\"cables\": [{\"port\": \""
                + uplink
                + "\", \"peer\": {\"device\": \"spine-03\", \"port\": \"FourHundredGigE1/0/1\"}}]}");
    assertThat(moved.statusCode()).isEqualTo(200);
    assertThat(moved.body())
        .contains(
            "{\"port\":\""
                + uplink
                + "\",\"peer\":{\"device\":\"spine-03\",\"port\":\"FourHundredGigE1/0/1\"},"
                + "\"planned\":{\"device\":\"spine-03\",\"port\":\"FourHundredGigE1/0/1\"}}");

    assertThat(neighbourOn("leaf-01", uplink))
        .containsEntry("SystemName", "spine-03")
        .containsEntry("PortID", "400GE1/0/1");
    assertThat(neighbourOn("spine-03", "FourHundredGigE1/0/1"))
        .containsEntry("SystemName", "leaf-01")
        .containsEntry("PortID", "400GE1/0/7");
    assertThat(neighbourOn("spine-01", "FourHundredGigE1/0/2")).as("the old end").isNull();
    assertThat(fabric.cableAt("spine-01", "FourHundredGigE1/0/2")).isEmpty();
  }

  @Test
  void aCableToASwitchNotInstalledBringsNoLinkUp() throws Exception {
    String port = "FourHundredGigE1/0/8"; // leaf-02's second uplink to spine-02
    assertThat(neighbourOn("leaf-02", port)).containsEntry("SystemName", "spine-02");
    fabric.cable("leaf-02", port, CableEnd.port("leaf-07", "FourHundredGigE1/0/5"));
    assertThat(neighbourOn("leaf-02", port)).isNull();
    assertThat(LldpReads.operStatus(fabric.device("leaf-02"), port))
        .as("down: the far switch has no power")
        .isEqualTo("2");
  }

  static Map<String, String> neighbourOn(String device, String port) throws Exception {
    return LldpReads.neighbour(fabric.device(device), port);
  }
}
