package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The lossless settings of each port, read back before the ports are folded into one baseline: the
 * isolation verifier must name the tenant port that lost PFC or ECN.
 */
class PortLosslessReadBackTest {
  static final PortName P5 = PortName.fourHundred(5);
  static final PortName P7 = PortName.fourHundred(7);

  final DeviceConfig config = Fixtures.oneTenantOnePort();
  final ParseScope scope = ParseScope.of(config);
  final PortLossless roce = PortLossless.of(config.lossless());

  @Test
  void cliReadBackOfTheGoldenLeafHasTheBaselineOnEveryPortInScope() {
    ObservedConfig o = ComwareCliParser.parse(cli());
    SortedMap<PortName, PortLossless> perPort = o.portLossless(scope);
    assertThat(perPort.keySet()).containsExactlyElementsOf(scope.allPorts());
    assertThat(perPort.values()).containsOnly(roce);
    assertThat(roce.pfc() && roce.ecn()).isTrue();
  }

  @Test
  void cliReadBackNamesTheTenantPortThatLostPfcAndTheOneThatLostEcn() {
    String text = CliBlocks.inPort(cli(), 5, b -> b.replace(" priority-flow-control enable\n", ""));
    text = CliBlocks.inPort(text, 7, b -> b.replace(" qos wred queue 3 ecn\n", ""));
    ObservedConfig o = ComwareCliParser.parse(text);
    SortedMap<PortName, PortLossless> perPort = o.portLossless(scope);
    // with PFC off the no-drop priority is gone, and ECN on queue 3 still names priority 3
    assertThat(perPort.get(P5)).isEqualTo(new PortLossless(3, false, true, true, true, false));
    assertThat(perPort.get(P7)).isEqualTo(new PortLossless(3, true, false, true, true, true));
    assertThat(perPort)
        .allSatisfy(
            (port, l) -> {
              if (!port.equals(P5) && !port.equals(P7)) {
                assertThat(l).as(port.value()).isEqualTo(roce);
              }
            });
    // the folded view cannot tell: once the common settings degrade, intact ports "differ" too
    o.toDeviceConfig(scope);
    assertThat(o.anomalies())
        .contains("lossless settings of FourHundredGigE1/0/5 differ from the other ports")
        .contains("lossless settings of FourHundredGigE1/0/6 differ from the other ports");
    assertThat(o.portLossless(scope).get(PortName.fourHundred(6))).isEqualTo(roce);
  }

  @Test
  void aPortInScopeThatTheSwitchShowsNoQosForIsNone() {
    TreeSet<PortName> managed = new TreeSet<>(PortOrder.NATURAL);
    managed.add(P5);
    managed.add(PortName.fourHundred(100)); // not on the switch's text at all
    ParseScope two = new ParseScope(scope.device(), scope.role(), managed, new TreeSet<>());
    String text =
        CliBlocks.inPort(cli(), 5, b -> b.replaceAll(" (priority-flow-control|qos) .*\n", ""));
    SortedMap<PortName, PortLossless> perPort = ComwareCliParser.parse(text).portLossless(two);
    assertThat(perPort)
        .containsExactly(
            Map.entry(P5, PortLossless.NONE),
            Map.entry(PortName.fourHundred(100), PortLossless.NONE));
  }

  @Test
  void xmlQosTablesAreReadPerPort() {
    String xml =
        "<top xmlns='http://www.h3c.com/netconf/config:1.0'>"
            + "<PFC><PFCPorts>"
            + "<Port><IfIndex>5</IfIndex><Enable>1</Enable><NoDropDot1p>3</NoDropDot1p>"
            + "<DeadlockEnable>true</DeadlockEnable></Port>"
            + "<Port><IfIndex>7</IfIndex><Enable>2</Enable><DeadlockEnable>false</DeadlockEnable></Port>"
            + "</PFCPorts></PFC>"
            + "<WRED><IfQueueWREDs>"
            + "<IfQueueWRED><IfIndex>5</IfIndex><QueueID>3</QueueID><ECN>true</ECN></IfQueueWRED>"
            + "<IfQueueWRED><IfIndex>7</IfIndex><QueueID>3</QueueID><ECN>true</ECN></IfQueueWRED>"
            + "</IfQueueWREDs></WRED>"
            + "<QoS><Interfaces>"
            + "<Interface><IfIndex>5</IfIndex><Trust>dscp</Trust><TrustTunnelDot1p>true</TrustTunnelDot1p></Interface>"
            + "<Interface><IfIndex>7</IfIndex><Trust>dscp</Trust><TrustTunnelDot1p>true</TrustTunnelDot1p></Interface>"
            + "</Interfaces></QoS></top>";
    ObservedConfig o = new ObservedConfig();
    assertThat(
            ComwareQosXml.parse(SecureXml.parse(xml).getDocumentElement(), Fixtures.ifIndexes(), o))
        .isTrue();
    SortedMap<PortName, PortLossless> perPort = o.portLossless(scope);
    assertThat(perPort.get(P5)).isEqualTo(new PortLossless(3, true, true, true, true, true));
    assertThat(perPort.get(P7)).isEqualTo(new PortLossless(3, false, true, true, true, false));
    assertThat(perPort.get(PortName.fourHundred(6))).isEqualTo(PortLossless.NONE);
    assertThat(perPort.keySet()).containsExactlyElementsOf(scope.allPorts());
  }

  private String cli() {
    return ComwareCli.text(ComwareCli.render(config));
  }
}
