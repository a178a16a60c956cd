package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.AC;
import static io.tenantfabric.emulator.datastore.ComwareSchema.CLI_GLOBAL;
import static io.tenantfabric.emulator.datastore.ComwareSchema.DEVICE_BASE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.EVPN;
import static io.tenantfabric.emulator.datastore.ComwareSchema.INTERFACES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.L2VPN_BASE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_GLOBAL;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VSI;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VXLAN;

import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * System view: global switches (sysname, LLDP, l2vpn, the VXLAN tunnel source, QoS), and the
 * commands that enter the VSI, interface, ACL and BGP views.
 */
final class SystemView {
  private final CliSession session;
  private final Tables tables;
  private final AclView acl;
  private final BgpView bgp;

  SystemView(CliSession session, AclView acl, BgpView bgp) {
    this.session = session;
    this.tables = session.tables();
    this.acl = acl;
    this.bgp = bgp;
  }

  void run(CliCommand c) throws CliError {
    switch (c.verb()) {
      case "l2vpn" -> {
        c.keyword(1, "enable");
        c.expectEnd(2);
        tables.put(L2VPN_BASE, EditOperation.MERGE, Map.of("Enable", c.undo() ? "false" : "true"));
      }
      case "vsi" -> vsi(c);
      case "interface" -> {
        String name = c.arg(1);
        String ifIndex = tables.interfaceIndex(name).orElseThrow(() -> c.wrongAt(1));
        if (c.undo()) {
          throw CliError.unrecognized(0);
        }
        c.expectEnd(2);
        String full = tables.row(INTERFACES, List.of(ifIndex)).orElseThrow().get("Name");
        session.enter(View.Kind.INTERFACE, full, ifIndex, null, "-" + full);
      }
      case "acl" -> acl.enter(c);
      case "qos" -> qos(c);
      case "sysname" -> sysname(c);
      case "lldp" -> {
        c.keyword(1, "global");
        c.keyword(2, "enable");
        c.expectEnd(3);
        tables.put(
            CLI_GLOBAL,
            EditOperation.MERGE,
            Map.of("LldpGlobalEnable", c.undo() ? "false" : "true"));
      }
      case "tunnel" -> tunnelSource(c);
      case "bgp" -> bgp.enter(c);
      case "priority-flow-control", "buffer" -> session.rawLines().apply("global", c);
      default -> throw c.unrecognizedAt(0);
    }
  }

  /** {@code sysname NAME} (1..64 characters), {@code undo sysname} (back to the factory one). */
  private void sysname(CliCommand c) throws CliError {
    if (c.undo()) {
      c.expectEnd(1);
      tables.put(DEVICE_BASE, EditOperation.REMOVE, Map.of("HostName", ""));
      return;
    }
    String name = c.arg(1);
    c.expectEnd(2);
    if (name.length() > 64) {
      throw c.wrongAt(1);
    }
    tables.put(DEVICE_BASE, EditOperation.MERGE, Map.of("HostName", name));
  }

  /** {@code tunnel global source-address A}, {@code undo tunnel global source-address}. */
  private void tunnelSource(CliCommand c) throws CliError {
    c.keyword(1, "global");
    c.keyword(2, "source-address");
    if (c.undo()) {
      c.expectEnd(3);
      tables.put(CLI_GLOBAL, EditOperation.REMOVE, Map.of("TunnelSourceAddress", ""));
      return;
    }
    String address = c.ipv4(3);
    c.expectEnd(4);
    tables.put(CLI_GLOBAL, EditOperation.MERGE, Map.of("TunnelSourceAddress", address));
  }

  private void vsi(CliCommand c) throws CliError {
    String name = c.arg(1);
    c.expectEnd(2);
    if (c.undo()) {
      tables.removeWhere(AC, "VsiName", name);
      tables.removeWhere(VXLAN, "VsiName", name);
      tables.remove(EVPN, List.of(name));
      tables.remove(VSI, List.of(name));
      return;
    }
    Optional<Row> base = tables.row(L2VPN_BASE, List.of());
    if (base.isEmpty() || !"true".equals(base.get().get("Enable"))) {
      throw CliError.message("The feature L2VPN has not been enabled.");
    }
    if (!tables.exists(VSI, List.of(name))) {
      tables.put(VSI, EditOperation.MERGE, Map.of("VsiName", name));
    }
    session.enter(View.Kind.VSI, name, null, null, "-vsi-" + name);
  }

  private void qos(CliCommand c) throws CliError {
    if (c.size() >= 3 && c.word(1).equals("trust") && c.word(2).equals("tunnel-dot1p")) {
      c.expectEnd(3);
      tables.put(
          QOS_GLOBAL, EditOperation.MERGE, Map.of("TrustTunnelDot1p", c.undo() ? "false" : "true"));
      return;
    }
    if (c.size() >= 5
        && c.word(1).equals("wred")
        && c.word(2).equals("queue")
        && c.word(3).equals("table")) {
      String name = c.word(4);
      c.expectEnd(5);
      if (c.undo()) {
        session.rawLines().removeScope("wred-table " + name);
        return;
      }
      session.enter(View.Kind.WRED_TABLE, name, null, null, "-wred-table-" + name);
      return;
    }
    session.rawLines().apply("global", c);
  }
}
