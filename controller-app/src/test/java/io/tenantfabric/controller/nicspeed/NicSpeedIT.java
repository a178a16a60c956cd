package io.tenantfabric.controller.nicspeed;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.topology.FabricLayouts;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A server moved between 200G and 400G on the emulated NIC-speed lab fabric (2 spines, 2 leaves,
 * gpu-node-001 on the 200G halves TwoHundredGigE1/0/1:1): to 400G and back, each time its GPUs
 * placeable afterwards and an allocation on them ACTIVE with the lossless baseline on the new port
 * as the leaf runs it; and a server in use refused naming the allocation, nothing changed. The
 * other servers' GPUs are cordoned so that placement takes gpu-node-001's.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NicSpeedIT {

  static final String LAYOUT = FabricLayouts.NIC_SPEED;
  static final String SERVER = "gpu-node-001";
  static final List<String> LEAVES = List.of("leaf-01", "leaf-02");

  @LocalServerPort int port;
  @Autowired FabricRepository fabrics;

  ApiClient api;
  EmulatedFabric emulator;

  @BeforeAll
  void fabricOnboarded() {
    api = new ApiClient(port);
    emulator = EmulatedFabrics.start(LAYOUT, Profile.COMWARE7);
    @SuppressWarnings("unchecked")
    Map<String, Object> spec =
        JsonMapper.builder().build().convertValue(FabricLayouts.spec(LAYOUT), Map.class);
    spec.values().removeIf(Objects::isNull); // a default is left out, as a client leaves it
    ApiClient.Response r =
        api.put(
            "/api/v1/fabric",
            Map.of(
                "spec",
                spec,
                "devices",
                EmulatedFabrics.definition(LAYOUT, emulator).get("devices")));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    EmulatedFabrics.awaitInSync(api, Duration.ofSeconds(120));
    ApiClient.Response t =
        api.post("/api/v1/tenants", Map.of("name", "acme", "displayName", "acme", "gpuQuota", 8));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    for (String other : List.of("gpu-node-002", "gpu-node-003", "gpu-node-004")) {
      for (int i = 0; i < 2; i++) {
        ApiClient.Response c = api.post("/api/v1/fabric/gpus/" + other + "/" + i + "/cordon", null);
        assertThat(c.status()).as(c.toString()).isEqualTo(200);
      }
    }
  }

  @AfterAll
  void stop() {
    if (emulator != null) {
      emulator.close();
    }
  }

  @Test
  @Order(1)
  void aFreeServerGoesTo400GAndBack() {
    JsonNode to400 = change(400);
    assertThat(to400.get("state").asString()).as(to400.toString()).isEqualTo("DONE");
    assertThat(to400.get("kind").asString()).isEqualTo("NIC_SPEED");
    assertThat(breakouts()).isEmpty();
    release(leaseRunsLossless("FourHundredGigE1/0/1", 400));

    JsonNode to200 = change(200);
    assertThat(to200.get("state").asString()).as(to200.toString()).isEqualTo("DONE");
    assertThat(breakouts()).containsExactly("leaf-01:1", "leaf-02:1");
    JsonNode lease = leaseRunsLossless("TwoHundredGigE1/0/1:1", 200);
    release(lease);
  }

  @Test
  @Order(2)
  void aServerInUseIsRefusedNamingTheAllocationAndNothingChanges() {
    JsonNode lease = allocate();
    String specBefore = fabrics.findFabric().orElseThrow().specJson();
    int operationsBefore = operations();

    ApiClient.Response r =
        api.post("/api/v1/fabric/servers/" + SERVER + "/nic-speed", Map.of("speedGbps", 400));

    assertThat(r.status()).as(r.toString()).isEqualTo(409);
    assertThat(r.json().get("field").asString()).isEqualTo("server");
    assertThat(r.json().get("tenant").asString()).isEqualTo("acme");
    assertThat(r.json().get("allocation").asString()).isEqualTo(lease.get("id").asString());
    assertThat(fabrics.findFabric().orElseThrow().specJson()).isEqualTo(specBefore);
    assertThat(operations()).isEqualTo(operationsBefore);
    assertThat(gpuPorts(lease)).containsOnly("TwoHundredGigE1/0/1:1");
    release(lease);
  }

  @Test
  @Order(3)
  void refusalsNameTheirField() {
    ApiClient.Response unknown =
        api.post("/api/v1/fabric/servers/gpu-node-999/nic-speed", Map.of("speedGbps", 400));
    assertThat(unknown.status()).as(unknown.toString()).isEqualTo(404);
    assertThat(unknown.json().get("field").asString()).isEqualTo("server");
    ApiClient.Response speed =
        api.sendingMalformedRequests()
            .post("/api/v1/fabric/servers/" + SERVER + "/nic-speed", Map.of("speedGbps", 100));
    assertThat(speed.status()).as(speed.toString()).isEqualTo(422);
    assertThat(speed.json().get("field").asString()).isEqualTo("speedGbps");
    ApiClient.Response same =
        api.post("/api/v1/fabric/servers/" + SERVER + "/nic-speed", Map.of("speedGbps", 200));
    assertThat(same.status()).as(same.toString()).isEqualTo(409);
  }

  private JsonNode change(int speed) {
    ApiClient.Response r =
        api.post(
            "/api/v1/fabric/servers/" + SERVER + "/nic-speed?wait=PT60S",
            Map.of("speedGbps", speed));
    assertThat(r.status()).as(r.toString()).isIn(200, 202);
    String id = r.json().get("id").asString();
    for (int i = 0; i < 5 && !"DONE".equals(r.json().get("state").asString()); i++) {
      if ("FAILED".equals(r.json().get("state").asString())) {
        break;
      }
      r = api.get("/api/v1/fabric/operations/" + id + "?wait=PT30S");
    }
    return r.json();
  }

  /** Allocates the server's GPUs, checks their speed, and reads the new port on every leaf. */
  private JsonNode leaseRunsLossless(String portName, int speed) {
    JsonNode lease = allocate();
    for (JsonNode g : lease.get("gpus")) {
      assertThat(g.get("server").asString()).isEqualTo(SERVER);
      assertThat(g.get("port").asString()).isEqualTo(portName);
      assertThat(g.get("speedGbps").asInt()).isEqualTo(speed);
    }
    PortName port = new PortName(portName);
    for (String leaf : LEAVES) {
      DeviceConfig seen = EmulatedFabrics.running(emulator.device(leaf), scope(leaf, port));
      assertThat(seen.losslessPorts()).as("lossless ports on %s", leaf).contains(port);
      assertThat(seen.lossless().pfcEnabled()).isTrue();
      assertThat(seen.lossless().ecnEnabled()).isTrue();
      assertThat(seen.lossless().trustDscp()).isTrue();
      assertThat(seen.ports().get(port).binding()).as("bound on %s", leaf).isPresent();
      JsonNode device = api.get("/api/v1/fabric/devices/" + leaf).json();
      List<String> gpuPorts = new ArrayList<>();
      for (JsonNode p : device.get("ports")) {
        if (p.get("name").asString().equals(portName)) {
          assertThat(p.get("speedGbps").asInt()).isEqualTo(speed);
          gpuPorts.add(portName);
        }
      }
      assertThat(gpuPorts).as("device view of %s", leaf).hasSize(1);
    }
    return lease;
  }

  private static DeviceConfig scope(String leaf, PortName port) {
    TreeSet<PortName> ports = new TreeSet<>();
    ports.add(port);
    TreeMap<PortName, PortConfig> config = new TreeMap<>();
    config.put(port, PortConfig.scrubbed(port));
    return new DeviceConfig(
        new SwitchName(leaf),
        SwitchRole.LEAF,
        LosslessBaseline.roce(3).withPorts(ports),
        new TreeMap<>(),
        config,
        new TreeMap<>());
  }

  private JsonNode allocate() {
    ApiClient.Response a =
        api.post("/api/v1/tenants/acme/allocations?wait=PT60S", Map.of("gpus", 2));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    assertThat(a.json().get("status").asString()).as(a.toString()).isEqualTo("ACTIVE");
    return a.json();
  }

  private void release(JsonNode lease) {
    ApiClient.Response d =
        api.delete(
            "/api/v1/tenants/acme/allocations/" + lease.get("id").asString() + "?wait=PT60S");
    assertThat(d.status()).as(d.toString()).isEqualTo(200);
  }

  private List<String> gpuPorts(JsonNode lease) {
    List<String> ports = new ArrayList<>();
    JsonNode now = api.get("/api/v1/tenants/acme/allocations/" + lease.get("id").asString()).json();
    now.get("gpus").forEach(g -> ports.add(g.get("port").asString()));
    return ports;
  }

  private int operations() {
    return api.get("/api/v1/fabric/operations?kind=NIC_SPEED").json().get("items").size();
  }

  private List<String> breakouts() {
    JsonNode spec =
        JsonMapper.builder().build().readTree(fabrics.findFabric().orElseThrow().specJson());
    List<String> b = new ArrayList<>();
    spec.path("breakoutDownlinks")
        .forEach(p -> b.add(p.get("leaf").asString() + ":" + p.get("port").asInt()));
    return b;
  }
}
