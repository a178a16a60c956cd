package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.ServiceEncapsulation.Kind;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * What a managed port carries beyond the intent, read back through the XML tables and the CLI text
 * into the port's extras: service instances of every encapsulation, packet filters of every
 * direction and family, QoS lines; and the config holding them renders and parses back unchanged.
 */
class PortExtrasReadBackTest {
  static final PortName P1 = PortName.fourHundred(1);
  static final PortName P2 = PortName.fourHundred(2);
  static final PortName P9 = PortName.fourHundred(9);

  @Test
  void everySrvEncapCodeReadsAsItsMatchAndAnUnknownOneAsUnreadable() {
    Map<String, ServiceEncapsulation> codes =
        Map.ofEntries(
            Map.entry("1", ServiceEncapsulation.of(Kind.DEFAULT)),
            Map.entry("2", ServiceEncapsulation.untagged()),
            Map.entry("3", ServiceEncapsulation.of(Kind.TAGGED)),
            Map.entry("4", ServiceEncapsulation.serviceVlan("100", false)),
            Map.entry("5", ServiceEncapsulation.serviceVlan("100", true)),
            Map.entry("6", ServiceEncapsulation.qinq("100", "200")),
            Map.entry("7", ServiceEncapsulation.customerVlan("200")),
            Map.entry("10", ServiceEncapsulation.qinq("100", "all")));
    codes.forEach(
        (code, match) ->
            assertThat(
                    ComwareEncapsulation.fromXml(
                        Optional.of(code), Optional.of("100"), Optional.of("200")))
                .as("Encap %s", code)
                .isEqualTo(match));
    assertThat(ComwareEncapsulation.fromXml(Optional.empty(), Optional.empty(), Optional.empty()))
        .as("a row without Encap, as the driver writes none")
        .isEqualTo(ServiceEncapsulation.untagged());
    assertThat(ComwareEncapsulation.fromXml(Optional.of("13"), Optional.empty(), Optional.empty()))
        .isEqualTo(ServiceEncapsulation.unreadable("Encap 13"));
    assertThat(ComwareEncapsulation.fromXml(Optional.of("4"), Optional.empty(), Optional.empty()))
        .as("s-vid without its VLAN")
        .isEqualTo(ServiceEncapsulation.unreadable("Encap 4"));
  }

  @Test
  void everyCliEncapsulationReadsAsItsMatchAndRendersBackAsWritten() {
    for (String words :
        List.of(
            "default",
            "untagged",
            "tagged",
            "s-vid 100",
            "s-vid 100 only-tagged",
            "s-vid 100 c-vid 200",
            "s-vid 100 c-vid all",
            "s-vid 10 to 20",
            "c-vid 7")) {
      ServiceEncapsulation match = ComwareEncapsulation.fromCli(words);
      assertThat(match.kind()).as(words).isNotEqualTo(Kind.UNREADABLE);
      assertThat(ComwareEncapsulation.cli(match)).isEqualTo(words);
    }
    assertThat(ComwareEncapsulation.fromCli("s-vid 100 second-dot1q 7"))
        .isEqualTo(ServiceEncapsulation.unreadable("s-vid 100 second-dot1q 7"));
  }

  @Test
  void aTaggedServiceInstanceIntoAnotherTenantsVsiIsAnExtraBesideTheBindingInBothParsers() {
    DeviceConfig leaf = Fixtures.leafWithTenants(2);
    String xml =
        SecureXml.toString(ComwareXml.render(leaf, Fixtures.ifIndexes()))
            .replace(
                "</SRVs>",
                "<SRV><IfIndex>2</IfIndex><SrvID>2</SrvID><Encap>4</Encap>"
                    + "<SVlanRange>100</SVlanRange></SRV></SRVs>")
            .replace(
                "</ACs>",
                "<AC><IfIndex>2</IfIndex><SrvID>2</SrvID><VsiName>t-tenant-01</VsiName>"
                    + "<AccessMode>1</AccessMode></AC></ACs>");
    String cli =
        CliBlocks.inPort(
            ComwareCli.text(ComwareCli.render(leaf)),
            2,
            b ->
                b
                    + " service-instance 2\n"
                    + "  encapsulation s-vid 100\n"
                    + "  xconnect vsi t-tenant-01\n");
    ObservedConfig fromXml =
        ComwareXmlParser.parse(SecureXml.parse(xml).getDocumentElement(), Fixtures.ifIndexes())
            .take(ComwareFeature.QOS, ComwareCliParser.parse(cli));
    ObservedConfig fromCli = ComwareCliParser.parse(cli);
    PortExtra bridge =
        new PortExtra.Service(
            2, ServiceEncapsulation.serviceVlan("100", false), Optional.of("t-tenant-01"));
    for (ObservedConfig o : new ObservedConfig[] {fromXml, fromCli}) {
      PortConfig p2 = o.toDeviceConfig(ParseScope.of(leaf)).ports().get(P2);
      assertThat(p2.binding()).hasValue(new ServiceBinding(1, "t-tenant-02"));
      assertThat(p2.extras()).containsExactly(bridge);
      assertThat(o.anomalies()).isEmpty();
    }
  }

  @Test
  void aServiceInstanceWithoutAVsiAndOneIntoAnUnknownVsiAreExtrasNotAnomalies() {
    DeviceConfig leaf = Fixtures.leafWithTenants(1);
    String cli =
        CliBlocks.inPort(
            ComwareCli.text(ComwareCli.render(leaf)),
            9,
            b ->
                b
                    + " service-instance 4000\n"
                    + "  encapsulation s-vid 100\n"
                    + " service-instance 5\n"
                    + "  encapsulation untagged\n"
                    + "  xconnect vsi mgmt\n");
    ObservedConfig o = ComwareCliParser.parse(cli);
    PortConfig p9 = o.toDeviceConfig(ParseScope.of(leaf)).ports().get(P9);

    assertThat(p9.binding()).isEmpty();
    assertThat(p9.extras())
        .containsExactly(
            new PortExtra.Service(5, ServiceEncapsulation.untagged(), Optional.of("mgmt")),
            new PortExtra.Service(
                4000, ServiceEncapsulation.serviceVlan("100", false), Optional.empty()));
    assertThat(o.anomalies()).isEmpty();
  }

  @Test
  void qosLinesBeyondTheLosslessSettingsAreExtrasOfAManagedPortOnly() {
    DeviceConfig leaf = Fixtures.leafWithTenants(1);
    String cli =
        CliBlocks.inPort(
            CliBlocks.inPort(
                ComwareCli.text(ComwareCli.render(leaf)),
                1,
                b -> b + " qos apply policy mirror inbound\n qos trust dot1p\n"),
            40,
            b -> b + " qos apply policy mirror inbound\n");
    ObservedConfig o = ComwareCliParser.parse(cli);
    DeviceConfig read = o.toDeviceConfig(ParseScope.of(leaf));

    assertThat(read.ports().get(P1).extras())
        .containsExactly(
            new PortExtra.Qos("qos apply policy mirror inbound"),
            new PortExtra.Qos("qos trust dot1p"));
    assertThat(read.lossless())
        .as("the driver's WRED lines are lossless, not extras")
        .isEqualTo(leaf.lossless());
    assertThat(o.anomalies()).isEmpty();
  }

  @Test
  void aConfigWithExtrasOfEveryKindSurvivesTheCliRoundTrip() {
    DeviceConfig c = withEveryExtra(true);
    assertThat(ComwareRoundTripTest.viaCli(c)).isEqualTo(c);
  }

  @Test
  void aConfigWithExtrasSurvivesTheXmlRoundTripSaveAnUnreadableMatch() {
    DeviceConfig c = withEveryExtra(false);
    assertThat(ComwareRoundTripTest.viaXml(c)).isEqualTo(c);
  }

  /** Two tenants on ports 1 and 2, every kind of extra on them and on free port 9. */
  private static DeviceConfig withEveryExtra(boolean unreadable) {
    DeviceConfig leaf = Fixtures.leafWithTenants(2);
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(leaf.ports());
    ports.put(
        P1,
        ports
            .get(P1)
            .withExtras(
                List.of(
                    new PortExtra.Service(
                        2, ServiceEncapsulation.qinq("100", "200"), Optional.of("t-tenant-02")),
                    new PortExtra.Service(
                        3, ServiceEncapsulation.of(Kind.DEFAULT), Optional.empty()),
                    new PortExtra.PacketFilter(
                        "t-tenant-02-in",
                        PortExtra.PacketFilter.Direction.OUTBOUND,
                        PortExtra.PacketFilter.Family.IPV4),
                    new PortExtra.PacketFilter(
                        "v6-guard",
                        PortExtra.PacketFilter.Direction.INBOUND,
                        PortExtra.PacketFilter.Family.IPV6),
                    new PortExtra.Qos("qos apply policy mirror inbound"))));
    ports.put(
        P2,
        ports
            .get(P2)
            .withExtras(
                List.of(
                    new PortExtra.Service(
                        7,
                        ServiceEncapsulation.serviceVlan("100", true),
                        Optional.of("t-tenant-01")),
                    new PortExtra.PacketFilter(
                        "3999",
                        PortExtra.PacketFilter.Direction.OUTBOUND,
                        PortExtra.PacketFilter.Family.MAC))));
    ports.put(
        P9,
        ports
            .get(P9)
            .withExtras(
                List.of(
                    new PortExtra.Service(
                        4,
                        unreadable
                            ? ServiceEncapsulation.unreadable("s-vid 100 second-dot1q 7")
                            : ServiceEncapsulation.customerVlan("7"),
                        Optional.of("t-tenant-01")),
                    new PortExtra.Service(
                        9, ServiceEncapsulation.of(Kind.TAGGED), Optional.of("t-tenant-02")))));
    return new DeviceConfig(
        leaf.device(), leaf.role(), leaf.lossless(), leaf.vsis(), ports, leaf.acls());
  }
}
