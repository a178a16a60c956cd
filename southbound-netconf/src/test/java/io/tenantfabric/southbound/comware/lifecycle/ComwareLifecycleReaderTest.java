package io.tenantfabric.southbound.comware.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.model.lifecycle.Day0Facts;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * What the reader sends and how it waits, against an in-memory switch that answers a round trip
 * only once all of it is sent: one get for the identity, one for the cabling, and for day-0 two
 * gets and the configuration text together, the L2VPN table refused falling back to the text.
 */
class ComwareLifecycleReaderTest {
  static final String DATA_TOP = "<top xmlns=\"http://www.h3c.com/netconf/data:1.0\">";

  @Test
  void identityIsOneGetOfDeviceBaseAndTheInventory() {
    ScriptedSwitch sw =
        new ScriptedSwitch(
            1,
            rpc ->
                ScriptedSwitch.data(
                    Replies.top(
                        "http://www.h3c.com/netconf/data:1.0",
                        Replies.FACTS_BASE + Replies.INVENTORY)));

    assertThat(new ComwareLifecycleReader(sw).identity()).isEqualTo(IdentityReadTest.RECORDED);
    assertThat(sw.sent())
        .singleElement()
        .satisfies(
            rpc -> {
              assertThat(rpc)
                  .contains("<get>", DATA_TOP, "<Device><Base><HostName/></Base></Device>");
              assertThat(rpc)
                  .contains(
                      "<LLDP><Inventory><SerialNum/><ModelName/><SoftwareRev/></Inventory></LLDP>");
            });
  }

  @Test
  void cablingIsOneGetOfTheNeighboursAndTheInterfacesTogether() {
    ScriptedSwitch sw = new ScriptedSwitch(1, rpc -> ScriptedSwitch.data(Replies.LEAF_NEIGHBOURS));

    CablingReading r = new ComwareLifecycleReader(sw).cabling(new SwitchName("leaf-01"));

    assertThat(r.observation().neighbors()).hasSize(4);
    assertThat(sw.sent())
        .singleElement()
        .asString()
        .contains(
            DATA_TOP,
            "<LLDP><LLDPNeighbors><LLDPNeighbor/></LLDPNeighbors></LLDP>",
            "<Interface><IfIndex/><Name/><AdminStatus/><OperStatus/></Interface>");
  }

  @Test
  void day0SendsBothGetsAndTheConfigurationTextBeforeWaiting() {
    ScriptedSwitch sw = new ScriptedSwitch(3, day0Switch(false));

    Day0Facts f = new ComwareLifecycleReader(sw).day0();

    assertThat(f)
        .isEqualTo(
            Day0Reply.facts(
                Replies.data(Day0ReadTest.TABLES), Day0ReadTest.L2VPN_ON, Day0Texts.LEAF));
    List<String> sent = sw.sent();
    assertThat(sent).hasSize(3);
    assertThat(sent.get(0)).contains("<Device><Base><HostName/></Base></Device>");
    assertThat(sent.get(1)).contains("<L2VPN><Base><Enable/></Base></L2VPN>");
    assertThat(sent.get(2)).contains("<Execution>display current-configuration</Execution>");
  }

  @Test
  void day0OnASwitchThatRefusesL2vpnXmlReadsItsL2vpnLine() {
    ScriptedSwitch on = new ScriptedSwitch(3, day0Switch(true));
    ScriptedSwitch off =
        new ScriptedSwitch(
            3,
            rpc ->
                rpc.contains("<Execution>")
                    ? "<CLI><Execution><![CDATA["
                        + Day0Texts.without("l2vpn enable")
                        + "]]></Execution></CLI>"
                    : day0Switch(true).apply(rpc));

    assertThat(new ComwareLifecycleReader(on).day0().l2vpnEnabled()).isTrue();
    assertThat(new ComwareLifecycleReader(off).day0().l2vpnEnabled()).isFalse();
  }

  @Test
  void anyOtherErrorFailsTheRead() {
    ScriptedSwitch sw =
        new ScriptedSwitch(
            3,
            rpc ->
                rpc.contains("<L2VPN>")
                    ? ScriptedSwitch.unknownElement("L2VPN")
                        .replace("unknown-element", "operation-failed")
                    : day0Switch(false).apply(rpc));

    assertThatThrownBy(() -> new ComwareLifecycleReader(sw).day0())
        .isInstanceOf(NetconfRpcException.class)
        .hasMessageContaining("operation-failed");
  }

  /** Answers the day-0 read's three rpcs as a leaf with every day-0 line would. */
  private static Function<String, String> day0Switch(boolean refuseL2vpn) {
    return rpc -> {
      if (rpc.contains("<Execution>")) {
        return "<CLI><Execution><![CDATA[" + Day0Texts.LEAF + "]]></Execution></CLI>";
      }
      if (rpc.contains("<L2VPN>")) {
        return refuseL2vpn
            ? ScriptedSwitch.unknownElement("L2VPN")
            : ScriptedSwitch.data(
                Replies.top(
                    "http://www.h3c.com/netconf/data:1.0",
                    "<L2VPN><Base><Enable>true</Enable></Base></L2VPN>"));
      }
      return ScriptedSwitch.data(Day0ReadTest.TABLES);
    };
  }
}
