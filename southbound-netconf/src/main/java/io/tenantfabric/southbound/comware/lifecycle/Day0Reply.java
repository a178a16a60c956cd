package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.lifecycle.Day0Facts;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.w3c.dom.Element;

/**
 * Puts the day-0 facts together from the three replies of one day-0 read: the tables of {@link
 * LifecycleFilters#day0Tables()} (host name, interfaces), {@code L2VPN/Base/Enable} when the switch
 * answers it in XML, and the day-0 lines of the configuration text ({@link Day0Lines}), which also
 * stand in for the XML where it says nothing.
 */
final class Day0Reply {
  private Day0Reply() {}

  /**
   * The facts; {@code l2vpnBase} is the {@code <data>} of the L2VPN get, or empty when the switch
   * refused it (the CLI's {@code l2vpn enable} decides then).
   */
  static Day0Facts facts(Element tables, Optional<Element> l2vpnBase, String configText) {
    Element top = TableXml.topOf(tables);
    Day0Lines lines = Day0Lines.parse(configText);
    String hostName =
        TableXml.row(top, "Device", "Base")
            .flatMap(b -> TableXml.column(b, "HostName"))
            .or(lines::sysname)
            .orElse("");
    Set<String> interfaces = new TreeSet<>();
    for (Element row : TableXml.rows(top, "Ifmgr", "Interfaces", "Interface")) {
      TableXml.column(row, "Name").ifPresent(interfaces::add);
    }
    boolean l2vpn = l2vpnBase.flatMap(Day0Reply::l2vpnEnable).orElse(lines.l2vpnEnabled());
    return new Day0Facts(
        hostName,
        l2vpn,
        lines.lldpEnabled(),
        lines.vtepSource(),
        lines.evpnPeers(),
        interfaces,
        lines.jumboFrames());
  }

  /** {@code L2VPN/Base/Enable}: {@code true}/{@code false} (pyhpecw7's L2VPN feature), or 1/0. */
  static Optional<Boolean> l2vpnEnable(Element data) {
    return TableXml.row(TableXml.topOf(data), "L2VPN", "Base")
        .flatMap(b -> TableXml.column(b, "Enable"))
        .map(v -> v.toLowerCase(Locale.ROOT))
        .flatMap(
            v ->
                v.equals("true") || v.equals("1")
                    ? Optional.of(true)
                    : v.equals("false") || v.equals("0") ? Optional.of(false) : Optional.empty());
  }
}
