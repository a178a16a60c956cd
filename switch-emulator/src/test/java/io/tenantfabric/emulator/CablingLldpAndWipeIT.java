package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.control.ControlServer;
import io.tenantfabric.emulator.identity.MacAddresses;
import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.xml.SafeXml;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Element;

/**
 * The case-study fabric (48 switches) cabled as planned, read over real SSH/NETCONF and driven
 * through the control API: LLDP neighbours, OperStatus, identity tables, re-cabling, silenced
 * servers, wipe and day0. Each test works on switches no other test touches.
 */
class CablingLldpAndWipeIT {
  static final String DATA = "http://www.h3c.com/netconf/data:1.0";
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  static EmulatedFabric fabric;
  static ControlServer control;

  @BeforeAll
  static void start() throws Exception {
    fabric = EmulatedFabric.start(EmulatorOptions.builder().preset("h3c-s9825-1024").build());
    control = ControlServer.start(fabric, 0);
  }

  @AfterAll
  static void stop() {
    control.close();
    fabric.close();
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

  static String get(String device, String filter) throws Exception {
    try (RawNetconfClient c = RawNetconfClient.connect(fabric.device(device))) {
      return c.rpc(
          "<get><filter type=\"subtree\"><top xmlns=\""
              + DATA
              + "\">"
              + filter
              + "</top></filter></get>");
    }
  }

  /** The LLDPNeighbor elements of a reply, each as its children's names and texts, in order. */
  static List<Map<String, String>> neighbours(String reply) throws Exception {
    Element root = SafeXml.parse(reply).getDocumentElement();
    List<Map<String, String>> rows = new ArrayList<>();
    var list = root.getElementsByTagNameNS(DATA, "LLDPNeighbor");
    for (int i = 0; i < list.getLength(); i++) {
      Map<String, String> row = new LinkedHashMap<>();
      for (Element c : SafeXml.children((Element) list.item(i))) {
        row.put(c.getLocalName(), c.getTextContent());
      }
      rows.add(row);
    }
    return rows;
  }

  static List<Map<String, String>> lldpOf(String device) throws Exception {
    return neighbours(get(device, "<LLDP><LLDPNeighbors/></LLDP>"));
  }

  /** The IfIndex of {@code port} on {@code device}, resolved as the controller does. */
  static String ifIndex(String device, String port) throws Exception {
    String reply =
        get(
            device,
            "<Ifmgr><Interfaces><Interface><IfIndex/><Name>"
                + port
                + "</Name></Interface></Interfaces></Ifmgr>");
    return reply.substring(reply.indexOf("<IfIndex>") + 9, reply.indexOf("</IfIndex>"));
  }

  static Map<String, String> rowOn(List<Map<String, String>> rows, String ifIndex) {
    return rows.stream().filter(r -> r.get("IfIndex").equals(ifIndex)).findFirst().orElse(null);
  }

  @Test
  void aLeafHasOneNeighbourPerCabledPortInTheRecordedElementNames() throws Exception {
    List<Map<String, String>> rows = lldpOf("leaf-01");
    assertThat(rows).as("32 GPU NICs and 32 spine uplinks").hasSize(64);
    assertThat(rows)
        .allSatisfy(
            r -> {
              assertThat(r.keySet())
                  .containsExactly(
                      "TimeMark", "IfIndex", "NeighborIndex", "SystemName", "ChassisID", "PortID");
              assertThat(r.get("TimeMark")).matches("\\d+");
              assertThat(r.get("NeighborIndex")).isEqualTo("1");
              assertThat(r.get("ChassisID")).matches("[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}");
            });
    for (Map<String, String> r : rows) {
      String port = "FourHundredGigE1/0/" + r.get("IfIndex");
      CableEnd far = fabric.cableAt("leaf-01", port).orElseThrow();
      if (far instanceof CableEnd.SwitchPort p) {
        EmulatedDevice spine = fabric.device(p.device());
        assertThat(r.get("SystemName")).isEqualTo(p.device());
        assertThat(r.get("ChassisID")).isEqualTo(MacAddresses.bridge(spine.serialNumber()));
        assertThat(r.get("PortID")).isEqualTo(p.port().replace("FourHundredGigE", "400GE"));
      } else {
        CableEnd.ServerNic n = (CableEnd.ServerNic) far;
        assertThat(r)
            .containsEntry("SystemName", n.server())
            .containsEntry("PortID", n.nic())
            .containsEntry("ChassisID", MacAddresses.nic(n.server(), n.nic()));
      }
    }
    assertThat(rowOn(rows, ifIndex("leaf-01", "FourHundredGigE1/0/1")))
        .containsEntry("SystemName", "gpu-node-001")
        .containsEntry("PortID", "mlx5_0");
  }

  @Test
  void deviceBaseAndInventoryNameTheUnit() throws Exception {
    EmulatedDevice leaf = fabric.device("leaf-02");
    String base = get("leaf-02", "<Device><Base/></Device>");
    assertThat(base)
        .contains("<HostName>leaf-02</HostName>")
        .containsPattern("<Uptime>\\d+</Uptime>")
        .containsPattern("<LocalTime>\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d</LocalTime>");
    assertThat(get("leaf-02", "<LLDP><Inventory/></LLDP>"))
        .contains(
            "<SerialNum>" + leaf.serialNumber() + "</SerialNum>",
            "<ModelName>H3C S9825-64D</ModelName>",
            "<SoftwareRev>7.1.070, Release 6710</SoftwareRev>");
    try (RawNetconfClient c = RawNetconfClient.connect(leaf)) {
      assertThat(
              c.rpc(
                  "<get-config><source><running/></source><filter type=\"subtree\">"
                      + "<top xmlns=\"http://www.h3c.com/netconf/config:1.0\"><Device/><Ifmgr>"
                      + "<Interfaces><Interface><IfIndex>1</IfIndex></Interface></Interfaces>"
                      + "</Ifmgr></top></filter></get-config>"))
          .contains("<HostName>leaf-02</HostName>")
          .doesNotContain("Uptime", "OperStatus");
      assertThat(c.rpc("<CLI><Execution>display device manuinfo</Execution></CLI>"))
          .contains("DEVICE_SERIAL_NUMBER : " + leaf.serialNumber());
    }
  }

  @Test
  void crossedGpuCablesShowEachOthersNicsAndAPulledCableTakesBothEndsDown() throws Exception {
    String p3 = "FourHundredGigE1/0/3";
    String p4 = "FourHundredGigE1/0/4";
    CableEnd nic3 = fabric.cableAt("leaf-03", p3).orElseThrow();
    CableEnd nic4 = fabric.cableAt("leaf-03", p4).orElseThrow();
    HttpResponse<String> r =
        call(
            "POST",
            "/devices/leaf-03/cables",
            "{\"cables\": [" + cableJson(p3, nic4) + ", " + cableJson(p4, nic3) + "]}");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body())
        .contains(
            "{\"port\":\"" + p3 + "\",\"peer\":" + endJson(nic4) + ",\"planned\":" + endJson(nic3));
    List<Map<String, String>> rows = lldpOf("leaf-03");
    assertThat(rowOn(rows, ifIndex("leaf-03", p3)))
        .containsEntry("SystemName", ((CableEnd.ServerNic) nic4).server())
        .containsEntry("PortID", ((CableEnd.ServerNic) nic4).nic());
    assertThat(rowOn(rows, ifIndex("leaf-03", p4)))
        .containsEntry("SystemName", ((CableEnd.ServerNic) nic3).server())
        .containsEntry("PortID", ((CableEnd.ServerNic) nic3).nic());

    String uplink = "FourHundredGigE1/0/33";
    CableEnd.SwitchPort spinePort =
        (CableEnd.SwitchPort) fabric.cableAt("leaf-03", uplink).orElseThrow();
    r = call("POST", "/devices/leaf-03/cables", "{\"port\": \"" + uplink + "\", \"peer\": null}");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("{\"port\":\"" + uplink + "\",\"peer\":null,\"planned\":{");
    String ix = ifIndex("leaf-03", uplink);
    assertThat(
            get(
                "leaf-03",
                "<Ifmgr><Interfaces><Interface><IfIndex>"
                    + ix
                    + "</IfIndex><OperStatus/></Interface></Interfaces></Ifmgr>"))
        .contains("<OperStatus>2</OperStatus>");
    assertThat(rowOn(lldpOf("leaf-03"), ix)).isNull();
    String spineIx = ifIndex(spinePort.device(), spinePort.port());
    assertThat(rowOn(lldpOf(spinePort.device()), spineIx)).as("the spine's end too").isNull();
    assertThat(
            get(
                spinePort.device(),
                "<Ifmgr><Interfaces><Interface><IfIndex>"
                    + spineIx
                    + "</IfIndex><OperStatus/></Interface></Interfaces></Ifmgr>"))
        .contains("<OperStatus>2</OperStatus>");
  }

  @Test
  void aSilencedServerDisappearsFromItsLeavesUntilRestored() throws Exception {
    CableEnd.ServerNic nic =
        (CableEnd.ServerNic) fabric.cableAt("leaf-04", "FourHundredGigE1/0/1").orElseThrow();
    String ix = ifIndex("leaf-04", "FourHundredGigE1/0/1");
    HttpResponse<String> r =
        call("POST", "/servers/" + nic.server() + "/lldp", "{\"enabled\": false}");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("\"name\":\"" + nic.server() + "\",\"lldp\":false");
    assertThat(call("GET", "/servers/" + nic.server(), null).body()).contains("\"lldp\":false");
    assertThat(rowOn(lldpOf("leaf-04"), ix)).isNull();
    assertThat(
            get(
                "leaf-04",
                "<Ifmgr><Interfaces><Interface><IfIndex>"
                    + ix
                    + "</IfIndex><OperStatus/></Interface></Interfaces></Ifmgr>"))
        .as("the link stays up")
        .contains("<OperStatus>1</OperStatus>");
    call("POST", "/servers/" + nic.server() + "/lldp", "{\"enabled\": true}");
    assertThat(rowOn(lldpOf("leaf-04"), ix)).containsEntry("PortID", nic.nic());
  }

  @Test
  void aStoppedSwitchIsStillPoweredAndStillSpeaksLldp() throws Exception {
    String uplink = "FourHundredGigE1/0/33";
    CableEnd.SwitchPort spinePort =
        (CableEnd.SwitchPort) fabric.cableAt("leaf-06", uplink).orElseThrow();
    EmulatedDevice spine = fabric.device(spinePort.device());
    spine.stop();
    try {
      assertThat(rowOn(lldpOf("leaf-06"), ifIndex("leaf-06", uplink)))
          .containsEntry("SystemName", spinePort.device());
    } finally {
      spine.start();
    }
  }

  @Test
  void aWipedSwitchIsANewUnitAndDay0MakesItTheInstallersAgain() throws Exception {
    EmulatedDevice leaf = fabric.device("leaf-09");
    String oldKey = leaf.hostKeySha256();
    String oldSerial = leaf.serialNumber();
    String uplink = "FourHundredGigE1/0/33";
    CableEnd.SwitchPort spinePort =
        (CableEnd.SwitchPort) fabric.cableAt("leaf-09", uplink).orElseThrow();
    String spineIx = ifIndex(spinePort.device(), spinePort.port());
    assertThat(rowOn(lldpOf(spinePort.device()), spineIx)).containsEntry("SystemName", "leaf-09");

    RawNetconfClient open = RawNetconfClient.connect(leaf);
    HttpResponse<String> wiped = call("POST", "/devices/leaf-09/wipe", null);
    assertThat(wiped.statusCode()).isEqualTo(200);
    assertThat(wiped.body())
        .contains("\"hostName\":\"H3C\"", "\"day0\":false", "\"listening\":true")
        .doesNotContain(oldKey, oldSerial)
        .contains("\"hostKeySha256\":\"" + leaf.hostKeySha256() + "\"")
        .contains("\"serialNumber\":\"" + leaf.serialNumber() + "\"");
    assertThat(open.awaitClosed(Duration.ofSeconds(10))).as("the old session is dropped").isTrue();

    assertThatThrownBy(() -> presentedKey(leaf, oldKey))
        .as("a client that pinned the old key refuses the switch")
        .isInstanceOf(Exception.class);
    assertThat(presentedKey(leaf, leaf.hostKeySha256())).isEqualTo(leaf.hostKeySha256());
    assertThat(fabric.inventoryJson()).contains("\"serialNumber\" : \"" + leaf.serialNumber());

    assertThat(get("leaf-09", "<Device><Base/></Device>")).contains("<HostName>H3C</HostName>");
    assertThat(lldpOf("leaf-09")).isEmpty();
    assertThat(rowOn(lldpOf(spinePort.device()), spineIx)).as("LLDP is off on leaf-09").isNull();
    try (RawNetconfClient c = RawNetconfClient.connect(leaf)) {
      assertThat(c.rpc("<CLI><Execution>display current-configuration</Execution></CLI>"))
          .contains(" sysname H3C")
          .doesNotContain("lldp global", "l2vpn", "tunnel global", "bgp", "jumboframe");
    }

    HttpResponse<String> day0 = call("POST", "/devices/leaf-09/day0", null);
    assertThat(day0.statusCode()).isEqualTo(200);
    assertThat(day0.body()).contains("\"hostName\":\"leaf-09\"", "\"day0\":true");
    assertThat(lldpOf("leaf-09")).hasSize(64);
    assertThat(rowOn(lldpOf(spinePort.device()), spineIx))
        .containsEntry("SystemName", "leaf-09")
        .containsEntry("ChassisID", MacAddresses.bridge(leaf.serialNumber()));
    try (RawNetconfClient c = RawNetconfClient.connect(leaf)) {
      assertThat(c.rpc("<CLI><Execution>display current-configuration</Execution></CLI>"))
          .contains(
              " sysname leaf-09\n#\n lldp global enable\n#\n l2vpn enable\n#\n"
                  + " tunnel global source-address 10.255.1.9\n#\n",
              "interface FourHundredGigE1/0/1\n port link-mode bridge\n jumboframe enable 9416\n#\n",
              "bgp 65000\n peer 10.255.0.1 as-number 65000\n");
    }
  }

  /** Connects with an SSH client that accepts only {@code expected}; returns the key it saw. */
  static String presentedKey(EmulatedDevice d, String expected) throws Exception {
    AtomicReference<String> seen = new AtomicReference<>();
    SshClient client = SshClient.setUpDefaultClient();
    client.setServerKeyVerifier(
        (s, addr, key) -> {
          String f = KeyUtils.getFingerPrint(BuiltinDigests.sha256, (PublicKey) key);
          seen.set(f);
          return f.equals(expected);
        });
    client.start();
    try (var session =
        client.connect("admin", d.host(), d.port()).verify(Duration.ofSeconds(20)).getSession()) {
      session.addPasswordIdentity("admin");
      session.auth().verify(Duration.ofSeconds(20));
      return seen.get();
    } finally {
      client.stop();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "unknown field|{\"port\": \"FourHundredGigE1/0/5\", \"peer\": null, \"colour\": 1}|400|unknown field 'colour'",
        "unknown peer field|{\"port\": \"FourHundredGigE1/0/5\", \"peer\": {\"device\": \"spine-01\", \"prot\": \"x\"}}|400|unknown field 'peer.prot'",
        "peer missing|{\"port\": \"FourHundredGigE1/0/5\"}|400|field 'peer' is required",
        "peer of no kind|{\"port\": \"FourHundredGigE1/0/5\", \"peer\": {\"nic\": \"mlx5_0\"}}|400|field 'peer' must be {device, port}, {server, nic} or null",
        "port not a string|{\"port\": 5, \"peer\": null}|400|field 'port' must be a non-empty string",
        "bulk item without port|{\"cables\": [{\"port\": \"FourHundredGigE1/0/5\", \"peer\": null}, {\"peer\": null}]}|400|field 'cables[1].port'",
        "empty bulk|{\"cables\": []}|400|field 'cables' must be a non-empty array",
        "unknown port|{\"port\": \"FourHundredGigE1/0/99\", \"peer\": null}|404|no port 'FourHundredGigE1/0/99' on leaf-10",
        "unknown switch|{\"port\": \"FourHundredGigE1/0/5\", \"peer\": {\"device\": \"leaf-99\", \"port\": \"FourHundredGigE1/0/1\"}}|404|no emulated switch named 'leaf-99'",
        "unknown server|{\"port\": \"FourHundredGigE1/0/5\", \"peer\": {\"server\": \"gpu-node-999\", \"nic\": \"mlx5_0\"}}|404|no server 'gpu-node-999'",
        "unknown NIC after a valid item|{\"cables\": [{\"port\": \"FourHundredGigE1/0/5\", \"peer\": null}, {\"port\": \"FourHundredGigE1/0/6\", \"peer\": {\"server\": \"gpu-node-001\", \"nic\": \"mlx5_9\"}}]}|404|no NIC 'mlx5_9' on gpu-node-001",
        "a port to itself|{\"port\": \"FourHundredGigE1/0/5\", \"peer\": {\"device\": \"leaf-10\", \"port\": \"FourHundredGigE1/0/5\"}}|400|two different ends"
      })
  void cableMistakesNameTheFieldAndChangeNothing(
      String name, String body, int status, String message) throws Exception {
    String before = call("GET", "/devices/leaf-10/cables", null).body();
    HttpResponse<String> r = call("POST", "/devices/leaf-10/cables", body);
    assertThat(r.statusCode()).isEqualTo(status);
    assertThat(r.body()).startsWith("{\"error\":").contains(message);
    assertThat(call("GET", "/devices/leaf-10/cables", null).body()).isEqualTo(before);
  }

  @ParameterizedTest(name = "{0} {1} -> {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "POST|/servers/gpu-node-999/lldp|{\"enabled\": false}|404",
        "GET|/servers/gpu-node-999||404",
        "POST|/servers/gpu-node-001/lldp|{\"enabled\": \"no\"}|400",
        "POST|/servers/gpu-node-001/lldp|{\"enabled\": false, \"why\": 1}|400",
        "GET|/servers/gpu-node-001/lldp||405",
        "POST|/devices/leaf-99/wipe||404",
        "GET|/devices/leaf-10/day0||405",
        "PUT|/devices/leaf-10/cables|{}|405"
      })
  void serverAndLifecycleMistakesGet4xx(String method, String path, String body, int status)
      throws Exception {
    HttpResponse<String> r = call(method, path, body);
    assertThat(r.statusCode()).isEqualTo(status);
    assertThat(r.body()).startsWith("{\"error\":");
    assertThat(call("GET", "/servers/gpu-node-001", null).body()).contains("\"lldp\":true");
  }

  @Test
  void aSwitchsCablesListEveryPortWithItsPeerAndPlan() throws Exception {
    HttpResponse<String> r = call("GET", "/devices/spine-02/cables", null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body())
        .startsWith("{\"device\":\"spine-02\",\"cables\":[{\"port\":\"FourHundredGigE1/0/1\",")
        .contains("\"peer\":{\"device\":\"leaf-")
        .contains("{\"port\":\"FourHundredGigE1/0/64\",");
    String servers = call("GET", "/servers", null).body();
    assertThat(servers.split("\"name\"")).as("128 servers").hasSize(129);
    assertThat(call("GET", "/devices/leaf-11", null).body())
        .contains("\"serialNumber\":\"210235A2D", "\"hostName\":\"leaf-11\"", "\"day0\":true");
  }

  static String cableJson(String port, CableEnd peer) {
    return "{\"port\": \"" + port + "\", \"peer\": " + endJson(peer) + "}";
  }

  static String endJson(CableEnd e) {
    if (e instanceof CableEnd.SwitchPort p) {
      return "{\"device\":\"" + p.device() + "\",\"port\":\"" + p.port() + "\"}";
    }
    CableEnd.ServerNic n = (CableEnd.ServerNic) e;
    return "{\"server\":\"" + n.server() + "\",\"nic\":\"" + n.nic() + "\"}";
  }
}
