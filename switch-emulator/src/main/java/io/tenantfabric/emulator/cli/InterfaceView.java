package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.AC;
import static io.tenantfabric.emulator.datastore.ComwareSchema.INTERFACES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFILTER;
import static io.tenantfabric.emulator.datastore.ComwareSchema.SRV;

import io.tenantfabric.emulator.datastore.EditOperation;
import java.util.List;
import java.util.Map;

/** The interface view: link mode, description, shutdown, packet filters, breakout and QoS. */
final class InterfaceView {
  private static final List<String> STORED_VERBATIM =
      List.of("stp", "link-delay", "lldp", "mtu", "jumboframe", "flow-interval");
  private static final List<String> FAMILIES = List.of("ipv6", "mac", "user-defined");
  private final CliSession session;
  private final Tables tables;
  private final Breakout breakout;
  private final InterfacePfc pfc;
  private final InterfaceQos qos;

  InterfaceView(CliSession session) {
    this.session = session;
    this.tables = session.tables();
    this.breakout = new Breakout(session);
    this.pfc = new InterfacePfc(tables, session.rawLines());
    this.qos = new InterfaceQos(tables, session.rawLines());
  }

  void run(CliCommand c, View v) throws CliError {
    String ix = v.ifIndex();
    switch (c.verb()) {
      case "port" -> {
        c.keyword(1, "link-mode");
        String mode = c.arg(2);
        c.expectEnd(3);
        if (!mode.equals("bridge") && !mode.equals("route")) {
          throw c.wrongAt(2);
        }
        String layer = c.undo() ? "2" : mode.equals("bridge") ? "1" : "2";
        if (layer.equals("2") && tables.hasRows(SRV, "IfIndex", ix)) {
          throw CliError.message("Please remove the service instances on the interface first.");
        }
        tables.put(INTERFACES, EditOperation.MERGE, Map.of("IfIndex", ix, "PortLayer", layer));
      }
      case "description" -> {
        if (c.undo()) {
          tables.put(INTERFACES, EditOperation.REMOVE, Map.of("IfIndex", ix, "Description", ""));
          return;
        }
        tables.put(
            INTERFACES, EditOperation.MERGE, Map.of("IfIndex", ix, "Description", c.rest(1)));
      }
      case "shutdown" -> {
        c.expectEnd(1);
        tables.put(
            INTERFACES,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "AdminStatus", c.undo() ? "1" : "2"));
      }
      case "service-instance" -> serviceInstance(c, v);
      case "packet-filter" -> packetFilter(c, ix);
      case "using" -> {
        if (c.undo()) {
          throw CliError.unrecognized(0);
        }
        String speed = c.arg(1);
        c.expectEnd(2);
        breakout.run(v, speed);
      }
      case "priority-flow-control" -> pfc.run(c, v);
      case "qos" -> qos.run(c, v);
      default -> {
        if (STORED_VERBATIM.contains(c.word(0))) {
          session.rawLines().apply(v.object(), c);
          return;
        }
        throw c.unrecognizedAt(0);
      }
    }
  }

  private void serviceInstance(CliCommand c, View v) throws CliError {
    String ix = v.ifIndex();
    String id = c.number(1, 1, 4096);
    c.expectEnd(2);
    if (!"1".equals(tables.row(INTERFACES, List.of(ix)).orElseThrow().get("PortLayer"))) {
      throw c.unrecognizedAt(0);
    }
    if (c.undo()) {
      tables.remove(AC, List.of(ix, id));
      tables.remove(SRV, List.of(ix, id));
      return;
    }
    if (!tables.exists(SRV, List.of(ix, id))) {
      tables.put(SRV, EditOperation.MERGE, Map.of("IfIndex", ix, "SrvID", id));
    }
    session.enter(View.Kind.SERVICE_INSTANCE, v.object(), ix, id, "-" + v.object() + "-srv" + id);
  }

  /**
   * {@code packet-filter [ipv6 | mac | user-defined] [name] NAME inbound|outbound
   * [hardware-count]}: the ACL family is the filter's AppAclType (1 IPv4, 2 IPv6, 3 MAC, 4
   * user-defined); only an IPv4 filter must name an IPv4 ACL the switch has.
   */
  private void packetFilter(CliCommand c, String ix) throws CliError {
    int i = 1;
    String type = "1";
    int family = i < c.size() ? FAMILIES.indexOf(c.word(i)) : -1;
    if (family >= 0) {
      type = Integer.toString(family + 2);
      i++;
    }
    if (i < c.size() && c.word(i).equals("name")) {
      i++;
    }
    String name = c.arg(i);
    String dir = c.arg(i + 1);
    boolean counted = c.size() > i + 2 && c.word(i + 2).equals("hardware-count");
    c.expectEnd(counted ? i + 3 : i + 2);
    String d;
    if (dir.equals("inbound")) {
      d = "1";
    } else if (dir.equals("outbound")) {
      d = "2";
    } else {
      throw c.wrongAt(i + 1);
    }
    Map<String, String> key =
        Map.of(
            "AppObjType",
            "1",
            "AppObjIndex",
            ix,
            "AppDirection",
            d,
            "AppAclType",
            type,
            "AppAclGroup",
            name);
    tables.put(PFILTER, c.undo() ? EditOperation.REMOVE : EditOperation.MERGE, key);
  }
}
