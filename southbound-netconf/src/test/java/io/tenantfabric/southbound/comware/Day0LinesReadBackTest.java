package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The day-0 lines a switch carries (sysname, LLDP, L2VPN, the VTEP source, BGP with its EVPN
 * family, jumbo frames on every port) are outside the model: the configuration read-back reads a
 * switch holding them exactly as one without, with no anomaly and no extra, in the driver's
 * rendered form and in the form {@code display current-configuration} prints.
 */
class Day0LinesReadBackTest {
  static final List<String> GLOBAL_DAY0 =
      List.of(
          " sysname leaf-01",
          "#",
          " lldp global enable",
          "#",
          " l2vpn enable",
          "#",
          " tunnel global source-address 10.255.1.1",
          "#");

  static final List<String> BGP =
      List.of(
          "bgp 65000",
          " peer 10.255.0.1 as-number 65000",
          " peer 10.255.0.1 connect-interface LoopBack0",
          " #",
          " address-family l2vpn evpn",
          "  peer 10.255.0.1 enable",
          "#");

  /** What a read-back gives, all of it. */
  record Read(
      DeviceConfig config,
      List<String> anomalies,
      Map<PortName, String> outboundFilters,
      SortedMap<PortName, PortLossless> portLossless) {}

  @Test
  void everyDay0LineReadsAsIfAbsentInTheDriversForm() {
    DeviceConfig leaf = Fixtures.leafWithTenants(3);
    String text = ComwareCli.text(ComwareCli.render(leaf)) + "\n";

    Read without = parse(text, leaf);
    Read with = parse(withDay0(text), leaf);

    assertThat(with).isEqualTo(without);
    assertThat(with.config()).isEqualTo(leaf);
    assertThat(with.anomalies()).isEmpty();
  }

  @Test
  void everyDay0LineReadsAsIfAbsentInTheDisplayedForm() {
    DeviceConfig leaf = Fixtures.leafWithTenants(3);
    String text = displayed(ComwareCli.text(ComwareCli.render(leaf)) + "\n");

    Read without = parse(text, leaf);
    Read with = parse(withDay0(text), leaf);

    assertThat(with).isEqualTo(without);
    assertThat(with.config()).isEqualTo(leaf);
    assertThat(with.anomalies()).isEmpty();
  }

  @Test
  void theReaderWithEveryFeatureByCliReadsTheDay0ConfigExactly() {
    DeviceConfig leaf = Fixtures.leafWithTenants(3);
    String text = withDay0(displayed(ComwareCli.text(ComwareCli.render(leaf)) + "\n"));
    Element noXml =
        SecureXml.parse("<top xmlns='http://www.h3c.com/netconf/config:1.0'/>")
            .getDocumentElement();

    for (Set<ComwareFeature> byCli :
        List.of(
            EnumSet.allOf(ComwareFeature.class),
            EnumSet.of(ComwareFeature.QOS),
            EnumSet.of(ComwareFeature.L2VPN, ComwareFeature.VXLAN, ComwareFeature.QOS))) {
      Element data =
          byCli.size() == ComwareFeature.values().length
              ? noXml
              : ComwareXml.render(leaf, Fixtures.ifIndexes());
      ComwareConfigReader.ReadBack back =
          new ComwareConfigReader(null, EnumSet.copyOf(byCli))
              .parse(data, text, ParseScope.of(leaf), Fixtures.ifIndexes());

      assertThat(back.config()).as("%s by CLI", byCli).isEqualTo(leaf);
      assertThat(back.anomalies()).as("%s by CLI", byCli).isEmpty();
    }
  }

  @Test
  void globalLinesAfterAnInterfaceBlockAreNoLinesOfThatPort() {
    DeviceConfig leaf = Fixtures.leafWithTenants(3);
    String text = displayed(ComwareCli.text(ComwareCli.render(leaf)) + "\n");
    // a switch prints global lines after interface blocks too, each group after a "#": a global
    // PFC line there (the RoCE template's headroom) is no QoS line of the managed port before it
    String header = "interface FourHundredGigE1/0/1\n";
    int end = text.indexOf("\n#\n", text.indexOf(header)) + 3;
    String after =
        text.substring(0, end)
            + String.join("\n", GLOBAL_DAY0)
            + "\n priority-flow-control poolID 0 headroom 131071\n#\n"
            + String.join("\n", BGP)
            + "\n"
            + text.substring(end);

    Read read = parse(after, leaf);

    assertThat(read).isEqualTo(parse(text, leaf));
    assertThat(read.config()).isEqualTo(leaf);
  }

  private static Read parse(String text, DeviceConfig scopeOf) {
    ParseScope scope = ParseScope.of(scopeOf);
    ObservedConfig o = ComwareCliParser.parse(text);
    DeviceConfig config = o.toDeviceConfig(scope);
    return new Read(config, o.anomalies(), o.outboundFilters(scope), o.portLossless(scope));
  }

  /**
   * The text with the global day-0 lines before it, a BGP block with its EVPN family, and {@code
   * jumboframe enable 9416} first in every interface block.
   */
  static String withDay0(String text) {
    StringBuilder b = new StringBuilder("#\n version 7.1.070, Release 6710\n#\n");
    GLOBAL_DAY0.forEach(l -> b.append(l).append('\n'));
    BGP.forEach(l -> b.append(l).append('\n'));
    for (String line : text.split("\n")) {
      b.append(line).append('\n');
      if (line.startsWith("interface ")) {
        b.append(" jumboframe enable 9416\n");
      }
    }
    return b.toString();
  }

  /**
   * The driver's rendered text as {@code display current-configuration} prints it: no {@code quit}
   * lines, a {@code #} after each block.
   */
  static String displayed(String rendered) {
    StringBuilder b = new StringBuilder();
    for (String line : rendered.split("\n")) {
      if (line.equals(" quit")) {
        b.append("#\n");
      } else if (!line.strip().equals("quit")) {
        b.append(line).append('\n');
      }
    }
    return b.toString();
  }
}
