package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.BGP_PEERS;
import static io.tenantfabric.emulator.datastore.ComwareSchema.CLI_GLOBAL;
import static io.tenantfabric.emulator.datastore.ComwareSchema.DEVICE_BASE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.EVPN;
import static io.tenantfabric.emulator.datastore.ComwareSchema.FACTORY_SYSNAME;
import static io.tenantfabric.emulator.datastore.ComwareSchema.INTERFACES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.L2VPN_BASE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_GLOBAL;
import static io.tenantfabric.emulator.datastore.ComwareSchema.RAW_LINES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VSI;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VXLAN;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.identity.Product;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code display current-configuration}: the datastore rendered as Comware CLI text, view by view
 * as the switch prints them: the global lines (sysname, LLDP, l2vpn, the tunnel source, QoS), the
 * VSIs, the interfaces ({@link InterfaceBlock}), the BGP block (routing follows the interfaces on
 * Comware), the ACLs ({@link AclBlocks}) and the WRED queue tables.
 */
final class CurrentConfiguration {

  private CurrentConfiguration() {}

  static String render(Datastore ds) {
    Tables tables = new Tables(ds);
    StringBuilder b = new StringBuilder();
    String sysname =
        tables.row(DEVICE_BASE, List.of()).map(r -> r.get("HostName")).orElse(FACTORY_SYSNAME);
    b.append("#\n version ").append(Product.SOFTWARE_REV).append("\n#\n");
    b.append(" sysname ").append(sysname).append("\n#\n");
    global(tables, b);
    for (Row vsi : tables.rows(VSI)) {
      vsi(tables, vsi, b);
    }
    for (Row i : tables.rows(INTERFACES)) {
      InterfaceBlock.render(tables, i, b);
    }
    bgp(tables, b);
    AclBlocks.render(tables, b);
    wredTables(tables, b);
    b.append("return\n");
    return b.toString();
  }

  private static void global(Tables tables, StringBuilder b) {
    Optional<Row> cli = tables.row(CLI_GLOBAL, List.of());
    if (cli.isPresent() && "true".equals(cli.get().get("LldpGlobalEnable"))) {
      b.append(" lldp global enable\n#\n");
    }
    Optional<Row> l2 = tables.row(L2VPN_BASE, List.of());
    if (l2.isPresent() && "true".equals(l2.get().get("Enable"))) {
      b.append(" l2vpn enable\n#\n");
    }
    if (cli.isPresent() && cli.get().get("TunnelSourceAddress") != null) {
      b.append(" tunnel global source-address ")
          .append(cli.get().get("TunnelSourceAddress"))
          .append("\n#\n");
    }
    Optional<Row> qos = tables.row(QOS_GLOBAL, List.of());
    if (qos.isPresent() && "true".equals(qos.get().get("TrustTunnelDot1p"))) {
      b.append(" qos trust tunnel-dot1p\n#\n");
    }
    boolean any = false;
    for (Row r : tables.rows(RAW_LINES)) {
      if ("global".equals(r.get("Scope"))) {
        b.append(' ').append(r.get("Text")).append('\n');
        any = true;
      }
    }
    if (any) {
      b.append("#\n");
    }
  }

  private static void vsi(Tables tables, Row vsi, StringBuilder b) {
    String name = vsi.get("VsiName");
    b.append("vsi ").append(name).append('\n');
    if (vsi.get("Description") != null) {
      b.append(" description ").append(vsi.get("Description")).append('\n');
    }
    for (Row vx : tables.rows(VXLAN)) {
      if (name.equals(vx.get("VsiName"))) {
        b.append(" vxlan ").append(vx.get("VxlanID")).append('\n');
      }
    }
    Optional<Row> evpn = tables.row(EVPN, List.of(name));
    if (evpn.isPresent()) {
      b.append(" evpn encapsulation vxlan\n");
      if (evpn.get().get("RD") != null) {
        b.append("  route-distinguisher ").append(evpn.get().get("RD")).append('\n');
      }
      if (evpn.get().get("VpnTargets") != null) {
        for (String rt : evpn.get().get("VpnTargets").split(";")) {
          b.append("  vpn-target ").append(rt.replace(" both", "")).append('\n');
        }
      }
    }
    b.append("#\n");
  }

  /**
   * {@code bgp AS}: every peer's {@code as-number} line, then every {@code connect-interface} line
   * (Comware groups a view's lines by command), peers in address order; then the EVPN address
   * family with its enabled peers.
   */
  private static void bgp(Tables tables, StringBuilder b) {
    Optional<Row> cli = tables.row(CLI_GLOBAL, List.of());
    if (cli.isEmpty() || cli.get().get("BgpAs") == null) {
      return;
    }
    List<Row> peers = new ArrayList<>(tables.rows(BGP_PEERS));
    peers.sort(Comparator.comparingLong(p -> ipv4(p.get("Address"))));
    b.append("bgp ").append(cli.get().get("BgpAs")).append('\n');
    for (Row p : peers) {
      b.append(" peer ")
          .append(p.get("Address"))
          .append(" as-number ")
          .append(p.get("AsNumber"))
          .append('\n');
    }
    for (Row p : peers) {
      if (p.get("ConnectInterface") != null) {
        b.append(" peer ")
            .append(p.get("Address"))
            .append(" connect-interface ")
            .append(p.get("ConnectInterface"))
            .append('\n');
      }
    }
    if ("true".equals(cli.get().get("BgpEvpnFamily"))) {
      b.append(" #\n address-family l2vpn evpn\n");
      for (Row p : peers) {
        if ("true".equals(p.get("EvpnEnable"))) {
          b.append("  peer ").append(p.get("Address")).append(" enable\n");
        }
      }
    }
    b.append("#\n");
  }

  private static long ipv4(String address) {
    long n = 0;
    for (String part : address.split("\\.")) {
      n = n * 256 + Integer.parseInt(part);
    }
    return n;
  }

  private static void wredTables(Tables tables, StringBuilder b) {
    Set<String> scopes = new LinkedHashSet<>();
    for (Row r : tables.rows(RAW_LINES)) {
      if (r.get("Scope").startsWith("wred-table ")) {
        scopes.add(r.get("Scope"));
      }
    }
    for (String scope : scopes) {
      b.append("qos wred queue table ")
          .append(scope.substring("wred-table ".length()))
          .append('\n');
      for (Row r : tables.rows(RAW_LINES)) {
        if (scope.equals(r.get("Scope"))) {
          b.append(' ').append(r.get("Text")).append('\n');
        }
      }
      b.append("#\n");
    }
  }
}
