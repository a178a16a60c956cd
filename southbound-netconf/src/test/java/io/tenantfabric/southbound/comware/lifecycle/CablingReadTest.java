package io.tenantfabric.southbound.comware.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CableEnd;
import io.tenantfabric.model.lifecycle.CableKind;
import io.tenantfabric.model.lifecycle.CablingChecker;
import io.tenantfabric.model.lifecycle.CablingState;
import io.tenantfabric.model.lifecycle.LldpNeighbor;
import io.tenantfabric.model.lifecycle.PlannedCable;
import io.tenantfabric.model.testing.GoldenFiles;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.lifecycle.SkippedNeighbor.Reason;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cabling read's parse: LLDP neighbour rows in the recorded element names, their IfIndex named
 * through Ifmgr, links down, and what is left out and why.
 */
class CablingReadTest {
  static final SwitchName LEAF = new SwitchName("leaf-01");

  @Test
  void aLeafsNeighboursAndLinksReadAsTheGolden() {
    CablingReading r = NeighborReply.parse(LEAF, Replies.data(Replies.LEAF_NEIGHBOURS));
    GoldenFiles.assertMatches("lifecycle", "cabling-leaf.txt", LifecycleText.of(r));

    assertThat(r.observation().neighbors())
        .as("by port; the abbreviated port id and the NIC name as sent; both spellings read")
        .containsExactly(
            new LldpNeighbor("FourHundredGigE1/0/1", "spine-01", "400GE1/0/33", "70ba-ef6a-0001"),
            new LldpNeighbor(
                "FourHundredGigE1/0/2", "PERIMETER.cisco.com", "Fa1/0/15", "0014-1c57-a491"),
            new LldpNeighbor("FourHundredGigE1/0/3", "gpu-0003", "mlx5_3", "b8ce-f600-0003"),
            new LldpNeighbor(
                "TwoHundredGigE1/0/33:1", "spine-02", "FourHundredGigE1/0/7", "70ba-ef6a-0002"));
    assertThat(r.observation().linkDown())
        .as("up and down (4), up without transceiver (6); not shut (5), not unknown (7), not mgmt")
        .containsExactlyInAnyOrder("FourHundredGigE1/0/4", "FourHundredGigE1/0/6");
    assertThat(r.skipped())
        .extracting(SkippedNeighbor::reason)
        .containsExactly(
            Reason.NOT_FIRST_ON_PORT,
            Reason.NOT_FRONT_PANEL,
            Reason.UNKNOWN_IF_INDEX,
            Reason.NO_IF_INDEX);
  }

  @Test
  void theRecordedRowReadsWithItsLocalPortNamedByIfmgr() {
    // neighbors_lldp.xml as recorded (HPE namespace), its IfIndex given a front-panel name
    String top =
        Replies.top(
            "http://www.hp.com/netconf/data:1.0",
            "<LLDP><LLDPNeighbors><LLDPNeighbor><TimeMark>19268</TimeMark>"
                + "<IfIndex>33412</IfIndex><NeighborIndex>1</NeighborIndex>"
                + "<SystemName>PERIMETER.cisco.com</SystemName><ChassisID>0014-1c57-a491</ChassisID>"
                + "<PortID>Fa1/0/15</PortID></LLDPNeighbor></LLDPNeighbors></LLDP>"
                + "<Ifmgr><Interfaces><Interface><IfIndex>33412</IfIndex>"
                + "<Name>FourHundredGigE1/0/10</Name><AdminStatus>1</AdminStatus>"
                + "<OperStatus>1</OperStatus></Interface></Interfaces></Ifmgr>");

    CablingReading r = NeighborReply.parse(LEAF, Replies.data(top));

    assertThat(r.observation().neighbors())
        .containsExactly(
            new LldpNeighbor(
                "FourHundredGigE1/0/10", "PERIMETER.cisco.com", "Fa1/0/15", "0014-1c57-a491"));
    assertThat(r.observation().linkDown()).isEmpty();
    assertThat(r.skipped()).isEmpty();
  }

  @Test
  void anAbbreviatedPortIdIsTheRightCableAndAnotherPeerIsNot() {
    CablingReading r = NeighborReply.parse(LEAF, Replies.data(Replies.LEAF_NEIGHBOURS));
    List<PlannedCable> plan =
        List.of(
            planned(1, CableKind.FABRIC, "spine-01", "FourHundredGigE1/0/33"),
            planned(2, CableKind.FABRIC, "spine-01", "FourHundredGigE1/0/34"),
            planned(3, CableKind.GPU, "gpu-0003", "mlx5_3"),
            planned(4, CableKind.GPU, "gpu-0004", "mlx5_4"));

    List<CableCheck> checks = CablingChecker.check(plan, r.observation());

    assertThat(checks)
        .extracting(CableCheck::port, CableCheck::state)
        .startsWith(
            tuple("FourHundredGigE1/0/1", CablingState.OK),
            tuple("FourHundredGigE1/0/2", CablingState.WRONG_PEER),
            tuple("FourHundredGigE1/0/3", CablingState.OK),
            tuple("FourHundredGigE1/0/4", CablingState.MISSING));
  }

  @Test
  void aNeighbourOnAnIfIndexNoInterfaceHasIsSkippedWithItsReason() {
    CablingReading r = NeighborReply.parse(LEAF, Replies.data(Replies.LEAF_NEIGHBOURS));

    assertThat(r.skipped())
        .filteredOn(s -> s.reason() == Reason.UNKNOWN_IF_INDEX)
        .singleElement()
        .hasToString(
            "LLDP neighbour 'ghost' port '400GE1/0/9' on IfIndex 9999 skipped: no interface of the"
                + " switch has this IfIndex");
    assertThat(r.observation().neighbors())
        .extracting(LldpNeighbor::systemName)
        .doesNotContain("ghost", "oob-sw-01", "nameless");
  }

  @Test
  void ofTwoNeighboursOnAPortTheLowerNeighborIndexIsKeptWhateverTheOrder() {
    String reply =
        Replies.top(
            "http://www.h3c.com/netconf/data:1.0",
            "<LLDP><LLDPNeighbors>"
                + neighbour(3, "7", "gpu-0003", "later")
                + neighbour(3, null, "gpu-0003", "no-index")
                + neighbour(3, "2", "gpu-0003", "mlx5_3")
                + "</LLDPNeighbors></LLDP>"
                + ifmgr(3, "FourHundredGigE1/0/3", "1", "1"));

    CablingReading r = NeighborReply.parse(LEAF, Replies.data(reply));

    assertThat(r.observation().neighbors())
        .extracting(LldpNeighbor::portId)
        .containsExactly("mlx5_3");
    assertThat(r.skipped())
        .extracting(SkippedNeighbor::portId, SkippedNeighbor::reason)
        .containsExactlyInAnyOrder(
            tuple("later", Reason.NOT_FIRST_ON_PORT), tuple("no-index", Reason.NOT_FIRST_ON_PORT));
  }

  @Test
  void missingColumnsReadAsEmptyAndUnknownElementsAreIgnored() {
    String reply =
        Replies.top(
            "http://www.h3c.com/netconf/data:1.0",
            "<LLDP><LLDPNeighbors><LLDPNeighbor><IfIndex>1</IfIndex>"
                + "<ManagementAddress>10.0.0.9</ManagementAddress><Ttl>120</Ttl>"
                + "</LLDPNeighbor></LLDPNeighbors><LLDPGlobal><Enable>true</Enable></LLDPGlobal>"
                + "</LLDP><Unknown><Table><Row>1</Row></Table></Unknown>"
                + "<Ifmgr><Interfaces><Interface><IfIndex>1</IfIndex>"
                + "<Name>FourHundredGigE1/0/1</Name><MTU>9416</MTU></Interface>"
                + "<Interface><Name>FourHundredGigE1/0/2</Name><AdminStatus>1</AdminStatus>"
                + "<OperStatus>2</OperStatus></Interface>"
                + "<Interface><IfIndex>3</IfIndex><AdminStatus>1</AdminStatus>"
                + "<OperStatus>2</OperStatus></Interface></Interfaces></Ifmgr>");

    CablingReading r = NeighborReply.parse(LEAF, Replies.data(reply));

    assertThat(r.observation().neighbors())
        .containsExactly(new LldpNeighbor("FourHundredGigE1/0/1", "", "", ""));
    assertThat(r.observation().linkDown())
        .as("a row without IfIndex or without Name names no port")
        .isEmpty();
  }

  @Test
  void emptyTablesAndAnEmptyReplyReadAsNothingSeen() {
    for (String top :
        List.of(
            "",
            Replies.top("http://www.h3c.com/netconf/data:1.0", ""),
            Replies.top(
                "http://www.h3c.com/netconf/data:1.0",
                "<LLDP><LLDPNeighbors/></LLDP><Ifmgr><Interfaces/></Ifmgr>"))) {
      CablingReading r = NeighborReply.parse(LEAF, Replies.data(top));

      assertThat(r.observation().switchName()).isEqualTo(LEAF);
      assertThat(r.observation().neighbors()).as(top).isEmpty();
      assertThat(r.observation().linkDown()).as(top).isEmpty();
      assertThat(r.skipped()).as(top).isEmpty();
    }
  }

  private static PlannedCable planned(int port, CableKind kind, String device, String peerPort) {
    return new PlannedCable(LEAF, PortName.fourHundred(port), kind, new CableEnd(device, peerPort));
  }

  private static String neighbour(int ifIndex, String neighborIndex, String system, String port) {
    return "<LLDPNeighbor><IfIndex>"
        + ifIndex
        + "</IfIndex>"
        + (neighborIndex == null ? "" : "<NeighborIndex>" + neighborIndex + "</NeighborIndex>")
        + "<SystemName>"
        + system
        + "</SystemName><PortID>"
        + port
        + "</PortID></LLDPNeighbor>";
  }

  private static String ifmgr(int ifIndex, String name, String admin, String oper) {
    return "<Ifmgr><Interfaces><Interface><IfIndex>"
        + ifIndex
        + "</IfIndex><Name>"
        + name
        + "</Name><AdminStatus>"
        + admin
        + "</AdminStatus><OperStatus>"
        + oper
        + "</OperStatus></Interface></Interfaces></Ifmgr>";
  }
}
