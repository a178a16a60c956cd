package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Packet-filters applied outbound (or of another family), read back from the one-tenant leaf of the
 * golden files with one change each: each is an extra of its port in the DeviceConfig, never an
 * anomaly, and an outbound IPv4 one is also in the outbound view the verifier names it by.
 */
class OutboundFilterReadBackTest {
  static final PortName P5 = PortName.fourHundred(5);
  static final PortName P6 = PortName.fourHundred(6);
  static final PortExtra OUTBOUND =
      new PortExtra.PacketFilter(
          "t-acme-in",
          PortExtra.PacketFilter.Direction.OUTBOUND,
          PortExtra.PacketFilter.Family.IPV4);
  static final String INBOUND_ROW_P5 =
      "<Pfilter><AppObjType>1</AppObjType><AppObjIndex>5</AppObjIndex>"
          + "<AppDirection>1</AppDirection>";

  final DeviceConfig config = Fixtures.oneTenantOnePort();
  final ParseScope scope = ParseScope.of(config);

  @Test
  void xmlOutboundFilterOnAScrubbedPortIsAnExtraOfThatPort() {
    ObservedConfig o =
        parseXml(xml().replace("</PfilterApply>", pfilter(6, "2", "1") + "</PfilterApply>"));
    assertThat(o.outboundFilters(scope)).containsExactly(Map.entry(P6, "t-acme-in"));
    assertThat(o.toDeviceConfig(scope)).isEqualTo(withExtras(config, P6, OUTBOUND));
    assertThat(o.anomalies()).isEmpty();
  }

  @Test
  void xmlAclAppliedOutboundInsteadOfInboundLeavesThePortUnfilteredWithTheFilterAsAnExtra() {
    String turned =
        xml()
            .replace(
                INBOUND_ROW_P5, INBOUND_ROW_P5.replace(">1</AppDirection>", ">2</AppDirection>"));
    assertThat(turned).isNotEqualTo(xml());
    ObservedConfig o = parseXml(turned);
    assertThat(o.outboundFilters(scope)).containsExactly(Map.entry(P5, "t-acme-in"));
    assertThat(o.toDeviceConfig(scope))
        .isEqualTo(withExtras(withoutInboundFilterOnP5(), P5, OUTBOUND));
    assertThat(o.anomalies()).isEmpty();
  }

  @Test
  void xmlOutboundRowsThatAreNotIpv4AreExtrasButNotOutboundIpv4FiltersAndAVlansAreNoPorts() {
    String other =
        xml()
            .replace(
                "</PfilterApply>",
                pfilter(6, "2", "2") // IPv6
                    + pfilter(7, "2", "1").replace("<AppObjType>1<", "<AppObjType>2<") // VLAN 7
                    + "</PfilterApply>");
    ObservedConfig o = parseXml(other);
    assertThat(o.outboundFilters(scope)).isEmpty();
    assertThat(o.anomalies()).isEmpty();
    assertThat(o.toDeviceConfig(scope).ports().get(P6).extras())
        .containsExactly(
            new PortExtra.PacketFilter(
                "t-acme-in",
                PortExtra.PacketFilter.Direction.OUTBOUND,
                PortExtra.PacketFilter.Family.IPV6));
    assertThat(o.toDeviceConfig(scope).ports().get(PortName.fourHundred(7)).extras()).isEmpty();
  }

  @Test
  void cliOutboundFilterOnAScrubbedPortIsAnExtraOfThatPort() {
    String text = CliBlocks.inPort(cli(), 6, b -> b + " packet-filter name t-acme-in outbound\n");
    ObservedConfig o = ComwareCliParser.parse(text);
    assertThat(o.outboundFilters(scope)).containsExactly(Map.entry(P6, "t-acme-in"));
    assertThat(o.toDeviceConfig(scope)).isEqualTo(withExtras(config, P6, OUTBOUND));
    assertThat(o.anomalies()).isEmpty();
  }

  @Test
  void cliAclAppliedOutboundInsteadOfInboundLeavesThePortUnfilteredWithTheFilterAsAnExtra() {
    String text =
        CliBlocks.inPort(
            cli(),
            5,
            b ->
                b.replace(
                    " packet-filter name t-acme-in inbound\n",
                    " packet-filter name t-acme-in outbound\n"));
    ObservedConfig o = ComwareCliParser.parse(text);
    assertThat(o.outboundFilters(scope)).containsExactly(Map.entry(P5, "t-acme-in"));
    assertThat(o.toDeviceConfig(scope))
        .isEqualTo(withExtras(withoutInboundFilterOnP5(), P5, OUTBOUND));
    assertThat(o.anomalies()).isEmpty();
  }

  @Test
  void aSecondOutboundFilterOnAPortIsAnotherExtraInBothParsers() {
    ObservedConfig fromXml =
        parseXml(
            xml()
                .replace(
                    "</PfilterApply>",
                    pfilter(6, "2", "1")
                        + pfilter(6, "2", "1").replace("t-acme-in", "t-other-in")
                        + "</PfilterApply>"));
    ObservedConfig fromCli =
        ComwareCliParser.parse(
            CliBlocks.inPort(
                cli(),
                6,
                b ->
                    b
                        + " packet-filter name t-acme-in outbound\n"
                        + " packet-filter name t-other-in outbound\n"));
    for (ObservedConfig o : new ObservedConfig[] {fromXml, fromCli}) {
      assertThat(o.toDeviceConfig(scope).ports().get(P6).extras())
          .containsExactly(
              OUTBOUND,
              new PortExtra.PacketFilter(
                  "t-other-in",
                  PortExtra.PacketFilter.Direction.OUTBOUND,
                  PortExtra.PacketFilter.Family.IPV4));
      assertThat(o.outboundFilters(scope)).containsExactly(Map.entry(P6, "t-acme-in"));
      assertThat(o.anomalies()).isEmpty();
    }
  }

  @Test
  void aclFeatureTakenFromTheCliBringsItsOutboundFilters() {
    ObservedConfig fromCli =
        ComwareCliParser.parse(
            CliBlocks.inPort(cli(), 6, b -> b + " packet-filter name t-acme-in outbound\n"));
    ObservedConfig o = parseXml(xml()).take(ComwareFeature.ACL, fromCli);
    assertThat(o.outboundFilters(scope)).containsExactly(Map.entry(P6, "t-acme-in"));
    ObservedConfig cleared = parseXml(xml()).take(ComwareFeature.ACL, fromCli);
    cleared.take(ComwareFeature.ACL, ComwareCliParser.parse(cli()));
    assertThat(cleared.outboundFilters(scope)).isEmpty();
  }

  @Test
  void anOutboundFilterOnAnUplinkIsOutsideTheManagedPorts() {
    ObservedConfig o =
        ComwareCliParser.parse(
            CliBlocks.inPort(cli(), 40, b -> b + " packet-filter name t-acme-in outbound\n"));
    assertThat(o.outboundFilters(scope)).isEmpty();
    assertThat(o.toDeviceConfig(scope)).isEqualTo(config);
    assertThat(o.anomalies()).isEmpty();
  }

  private static DeviceConfig withExtras(DeviceConfig c, PortName port, PortExtra... extras) {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(c.ports());
    ports.put(port, ports.get(port).withExtras(List.of(extras)));
    return new DeviceConfig(c.device(), c.role(), c.lossless(), c.vsis(), ports, c.acls());
  }

  private DeviceConfig withoutInboundFilterOnP5() {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(config.ports());
    PortConfig p5 = ports.get(P5);
    ports.put(
        P5, new PortConfig(P5, p5.adminUp(), p5.description(), p5.binding(), Optional.empty()));
    return new DeviceConfig(
        config.device(), config.role(), config.lossless(), config.vsis(), ports, config.acls());
  }

  private String xml() {
    return SecureXml.toString(ComwareXml.render(config, Fixtures.ifIndexes()));
  }

  private String cli() {
    return ComwareCli.text(ComwareCli.render(config));
  }

  /** XML for the tables; lossless QoS from the CLI text, as in the round-trip test. */
  private ObservedConfig parseXml(String wire) {
    ObservedConfig o =
        ComwareXmlParser.parse(SecureXml.parse(wire).getDocumentElement(), Fixtures.ifIndexes());
    return o.take(ComwareFeature.QOS, ComwareCliParser.parse(cli()));
  }

  private static String pfilter(int ifIndex, String direction, String aclType) {
    return "<Pfilter><AppObjType>1</AppObjType><AppObjIndex>"
        + ifIndex
        + "</AppObjIndex><AppDirection>"
        + direction
        + "</AppDirection><AppAclType>"
        + aclType
        + "</AppAclType><AppAclGroup>t-acme-in</AppAclGroup></Pfilter>";
  }
}
