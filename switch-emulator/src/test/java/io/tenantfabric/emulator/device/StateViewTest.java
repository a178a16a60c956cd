package io.tenantfabric.emulator.device;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.datastore.Namespaces;
import io.tenantfabric.emulator.datastore.ReadRequest;
import io.tenantfabric.emulator.datastore.SubtreeReader;
import io.tenantfabric.emulator.lldp.Advertisement;
import io.tenantfabric.emulator.lldp.PortLink;
import io.tenantfabric.emulator.xml.SafeXml;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a get reads beside the configuration, derived from the switch's cables: OperStatus, LLDP
 * neighbours, Device/Base and LLDP/Inventory; and what the switch itself advertises.
 */
class StateViewTest {
  static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");
  static final Advertisement SPINE = new Advertisement("spine-01", "0211-2233-4455", "400GE1/0/7");
  static final Advertisement NIC = new Advertisement("gpu-node-001", "0611-2233-4455", "mlx5_0");
  static EmulatorRuntime runtime;

  /** The links the fake fabric reports, changed by each test. */
  final Map<String, PortLink> links = new ConcurrentHashMap<>();

  /** Whether each question to the fake fabric asked what the far ends advertise. */
  final List<Boolean> listened = new CopyOnWriteArrayList<>();

  SwitchDevice leaf;

  @BeforeAll
  static void up() {
    runtime = new EmulatorRuntime(Clock.fixed(NOW, ZoneOffset.UTC));
  }

  @AfterAll
  static void down() {
    runtime.close();
  }

  @BeforeEach
  void cabled() {
    links.put("FourHundredGigE1/0/1", new PortLink(NOW, NIC));
    links.put("TwoHundredGigE1/0/2:1", new PortLink(NOW, null)); // a silenced server NIC
    links.put("FourHundredGigE1/0/3", new PortLink(NOW, SPINE));
    leaf =
        DeviceFixture.device(
            Day0Test.LEAF,
            Profile.COMWARE7,
            runtime,
            16,
            new Surroundings() {
              @Override
              public Map<String, PortLink> links(String device, boolean listen) {
                listened.add(listen);
                Map<String, PortLink> out = new HashMap<>();
                links.forEach(
                    (p, l) -> out.put(p, listen ? l : new PortLink(l.cabledSince(), null)));
                return out;
              }

              @Override
              public Identity renew(String device, int wipes) {
                return DeviceFixture.identity(device, wipes);
              }
            });
  }

  String get(String filter) throws Exception {
    var f =
        SafeXml.parse(
                "<filter xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><top xmlns=\""
                    + Namespaces.DATA
                    + "\">"
                    + filter
                    + "</top></filter>")
            .getDocumentElement();
    return SubtreeReader.read(
        leaf.stateView(),
        SafeXml.children(f),
        new ReadRequest(true, false, Namespaces.DATA, Set.of()),
        "/rpc/get[1]/filter[1]");
  }

  String operStatus() throws Exception {
    return get(
        "<Ifmgr><Interfaces><Interface><IfIndex/><OperStatus/></Interface></Interfaces></Ifmgr>");
  }

  @Test
  void aPortIsUpWhenItHasACableAndIsNotShutDown() throws Exception {
    leaf.cli(List.of("interface FourHundredGigE1/0/3", " shutdown"));
    assertThat(operStatus())
        .contains(
            "<Interface><IfIndex>1</IfIndex><OperStatus>1</OperStatus></Interface>",
            "<Interface><IfIndex>3</IfIndex><OperStatus>2</OperStatus></Interface>",
            "<Interface><IfIndex>65</IfIndex><OperStatus>1</OperStatus></Interface>",
            "<Interface><IfIndex>66</IfIndex><OperStatus>2</OperStatus></Interface>");
    links.remove("FourHundredGigE1/0/1");
    assertThat(operStatus())
        .contains("<Interface><IfIndex>1</IfIndex><OperStatus>2</OperStatus></Interface>");
  }

  @Test
  void neighboursAreTheFarEndsThatSpeakLldpWhateverThePortsAdminStatus() throws Exception {
    leaf.cli(List.of("interface FourHundredGigE1/0/3", " shutdown"));
    assertThat(get("<LLDP><LLDPNeighbors/></LLDP>"))
        .isEqualTo(
            "<top xmlns=\""
                + Namespaces.DATA
                + "\"><LLDP><LLDPNeighbors>"
                + "<LLDPNeighbor><TimeMark>0</TimeMark><IfIndex>1</IfIndex><NeighborIndex>1</NeighborIndex>"
                + "<SystemName>gpu-node-001</SystemName><ChassisID>0611-2233-4455</ChassisID>"
                + "<PortID>mlx5_0</PortID></LLDPNeighbor>"
                + "<LLDPNeighbor><TimeMark>0</TimeMark><IfIndex>3</IfIndex><NeighborIndex>1</NeighborIndex>"
                + "<SystemName>spine-01</SystemName><ChassisID>0211-2233-4455</ChassisID>"
                + "<PortID>400GE1/0/7</PortID></LLDPNeighbor>"
                + "</LLDPNeighbors></LLDP></top>");
  }

  @Test
  void aRemovedCableTakesItsNeighbourAway() throws Exception {
    links.remove("FourHundredGigE1/0/3");
    assertThat(get("<LLDP><LLDPNeighbors/></LLDP>"))
        .contains("<IfIndex>1</IfIndex>")
        .doesNotContain("spine-01");
  }

  @Test
  void withLldpOffTheSwitchHasNoNeighbours() throws Exception {
    leaf.cli(List.of("undo lldp global enable"));
    assertThat(get("<LLDP><LLDPNeighbors/></LLDP>")).isEmpty();
    assertThat(leaf.advertisement("FourHundredGigE1/0/1")).isEmpty();
  }

  @Test
  void theSwitchAdvertisesItsSysnameBridgeMacAndAbbreviatedPortName() {
    assertThat(leaf.advertisement("TwoHundredGigE1/0/2:1"))
        .contains(new Advertisement("leaf-07", leaf.bridgeMac(), "200GE1/0/2:1"));
    assertThat(leaf.bridgeMac()).matches("02[0-9a-f]{2}-[0-9a-f]{4}-[0-9a-f]{4}");
    assertThat(leaf.advertisement("FourHundredGigE1/0/2")).as("split, so gone").isEmpty();
    leaf.cli(List.of("sysname leaf-07-new"));
    assertThat(leaf.advertisement("FourHundredGigE1/0/1").map(Advertisement::systemName))
        .contains("leaf-07-new");
  }

  @Test
  void identityAndClockAreStateData() throws Exception {
    assertThat(get("<Device><Base/></Device>"))
        .contains(
            "<Device><Base><HostName>leaf-07</HostName><Uptime>0</Uptime>"
                + "<LocalTime>2025-03-01T12:00:00</LocalTime></Base></Device>");
    assertThat(get("<LLDP><Inventory/></LLDP>"))
        .contains(
            "<Inventory><HardwareRev>VER.A</HardwareRev><SoftwareRev>7.1.070, Release 6710</SoftwareRev>"
                + "<SerialNum>"
                + leaf.serialNumber()
                + "</SerialNum><ModelName>H3C S9825-64D</ModelName></Inventory>");
  }

  @Test
  void theCliListsNeighboursAndShowsTheUnit() {
    assertThat(leaf.cliExecution("display lldp neighbor-information list"))
        .isEqualTo(
            "<leaf-07>display lldp neighbor-information list\n"
                + "System Name          Local Interface Chassis ID     Port ID\n"
                + "gpu-node-001         400GE1/0/1      0611-2233-4455 mlx5_0\n"
                + "spine-01             400GE1/0/3      0211-2233-4455 400GE1/0/7\n");
    assertThat(leaf.cliExecution("display device manuinfo"))
        .contains(
            "DEVICE_NAME          : S9825-64D\n",
            "DEVICE_SERIAL_NUMBER : " + leaf.serialNumber() + "\n",
            "MAC_ADDRESS          : " + leaf.bridgeMac().toUpperCase() + "\n",
            "VENDOR_NAME          : H3C\n")
        .containsPattern("MANUFACTURING_DATE   : 202[23]-\\d\\d-\\d\\d\n");
    assertThat(leaf.cliExecution("display version"))
        .contains(
            "Version 7.1.070, Release 6710",
            "H3C S9825-64D uptime is 0 weeks, 0 days, 0 hours, 0 minutes");
  }

  @Test
  void onlyAReadOfTheNeighboursAsksWhatTheFarEndsAdvertise() throws Exception {
    assertThat(operStatus())
        .contains("<Interface><IfIndex>1</IfIndex><OperStatus>1</OperStatus></Interface>");
    leaf.cliExecution("display current-configuration");
    assertThat(listened).containsExactly(true); // operStatus() reads a whole view
    listened.clear();
    assertThat(leaf.stateView(false).rows(leaf.schema().table("Ifmgr/Interfaces/Interface")))
        .anyMatch(r -> "1".equals(r.get("OperStatus")));
    assertThat(leaf.stateView(false).rows(leaf.schema().table("LLDP/LLDPNeighbors/LLDPNeighbor")))
        .isEmpty();
    leaf.cliExecution("display lldp neighbor-information list");
    assertThat(listened).containsExactly(false, false, true);
  }
}
