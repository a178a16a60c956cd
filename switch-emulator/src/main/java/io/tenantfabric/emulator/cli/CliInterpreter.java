package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.AC;
import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_GROUP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.ACL_RULE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.EVPN;
import static io.tenantfabric.emulator.datastore.ComwareSchema.INTERFACES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.L2VPN_BASE;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFC_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFILTER;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_GLOBAL;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.RAW_LINES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.SRV;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VSI;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VXLAN;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_DROP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_QUEUE;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.RowOps;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.datastore.TableSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs Comware CLI text against a datastore, as {@code <CLI><Configuration>} (starts in system
 * view) or {@code <CLI><Execution>} (user view), and returns the echo a device prints: prompt,
 * command, and errors such as {@code % Unrecognized command found at '^' position.} under it.
 * Commands take effect one by one; a failing command changes nothing and the rest still run.
 */
public final class CliInterpreter {
  private final Datastore ds;
  private final String sysname;
  private final Deque<View> views = new ArrayDeque<>();
  private final StringBuilder echo = new StringBuilder();

  public CliInterpreter(Datastore ds, String sysname) {
    this.ds = ds;
    this.sysname = sysname;
  }

  /** {@code <CLI><Configuration>}: the device enters system view first. */
  public String configure(String text) {
    views.push(new View(View.Kind.USER, null, null, null, "<" + sysname + ">"));
    echo.append('<').append(sysname).append(">system-view\n");
    echo.append("System View: return to User View with Ctrl+Z.\n");
    views.push(new View(View.Kind.SYSTEM, null, null, null, "[" + sysname + "]"));
    runLines(text);
    echo.append(prompt()).append('\n');
    return echo.toString();
  }

  /** {@code <CLI><Execution>}: commands in user view. */
  public String execute(String text) {
    views.push(new View(View.Kind.USER, null, null, null, "<" + sysname + ">"));
    runLines(text);
    return echo.toString();
  }

  private String prompt() {
    return views.peek().prompt();
  }

  private void runLines(String text) {
    for (String raw : text.split("\r?\n")) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String p = prompt();
      echo.append(p).append(line).append('\n');
      List<String> tokens = List.of(line.split("\\s+"));
      try {
        run(tokens);
      } catch (CliError e) {
        if (e.tokenIndex >= 0) {
          int col = p.length() + offsetOf(line, e.tokenIndex);
          echo.append(" ".repeat(col)).append("^\n");
          echo.append(' ').append(e.getMessage()).append('\n');
        } else {
          echo.append(e.getMessage()).append('\n');
        }
      }
    }
  }

  private static int offsetOf(String line, int token) {
    int idx = 0;
    int t = 0;
    while (idx < line.length()) {
      while (idx < line.length() && Character.isWhitespace(line.charAt(idx))) {
        idx++;
      }
      if (t == token) {
        return idx;
      }
      while (idx < line.length() && !Character.isWhitespace(line.charAt(idx))) {
        idx++;
      }
      t++;
    }
    return line.length();
  }

  private void run(List<String> t) throws CliError {
    String first = t.get(0).toLowerCase(Locale.ROOT);
    View v = views.peek();
    if (first.equals("display")) {
      display(t);
      return;
    }
    if (first.equals("quit")) {
      expectEnd(t, 1);
      if (views.size() > 1) {
        views.pop();
      }
      return;
    }
    if (first.equals("return")) {
      expectEnd(t, 1);
      while (views.size() > 1) {
        views.pop();
      }
      return;
    }
    try {
      inView(v, t);
    } catch (CliError e) {
      int firstWord = t.get(0).equals("undo") ? 1 : 0;
      boolean unknownHere = e.isUnrecognized() && e.tokenIndex <= firstWord;
      if (!unknownHere || v.kind() == View.Kind.SYSTEM || v.kind() == View.Kind.USER) {
        throw e;
      }
      // Comware tries a command unknown in a sub-view in the enclosing views, leaving the sub-view.
      views.pop();
      try {
        run(t);
      } catch (CliError parentError) {
        views.push(v);
        throw e;
      }
    }
  }

  private void inView(View v, List<String> t) throws CliError {
    switch (v.kind()) {
      case USER -> user(t);
      case SYSTEM -> system(t);
      case VSI -> vsi(t, v);
      case EVPN -> evpn(t, v);
      case INTERFACE -> iface(t, v);
      case SERVICE_INSTANCE -> serviceInstance(t, v);
      case ACL -> acl(t, v);
      case WRED_TABLE -> raw("wred-table " + v.object(), t);
      default -> throw CliError.unrecognized(0);
    }
  }

  // ------------------------------------------------------------------ user / system view

  private void user(List<String> t) throws CliError {
    if (t.get(0).equals("system-view")) {
      expectEnd(t, 1);
      echo.append("System View: return to User View with Ctrl+Z.\n");
      views.push(new View(View.Kind.SYSTEM, null, null, null, "[" + sysname + "]"));
      return;
    }
    throw CliError.unrecognized(0);
  }

  private void system(List<String> t) throws CliError {
    boolean undo = t.get(0).equals("undo");
    List<String> c = undo ? t.subList(1, t.size()) : t;
    int o = undo ? 1 : 0;
    if (c.isEmpty()) {
      throw CliError.incomplete(t.size());
    }
    switch (c.get(0)) {
      case "l2vpn" -> {
        keyword(c, 1, "enable", o);
        expectEnd(c, 2, o);
        put(L2VPN_BASE, EditOperation.MERGE, Map.of("Enable", undo ? "false" : "true"));
      }
      case "vsi" -> {
        String name = arg(c, 1, o);
        expectEnd(c, 2, o);
        if (undo) {
          undoVsi(name);
          return;
        }
        requireL2vpn();
        if (!exists(VSI, List.of(name))) {
          put(VSI, EditOperation.MERGE, Map.of("VsiName", name));
        }
        views.push(new View(View.Kind.VSI, name, null, null, "[" + sysname + "-vsi-" + name + "]"));
      }
      case "interface" -> {
        String name = arg(c, 1, o);
        String ifIndex = interfaceIndex(name).orElseThrow(() -> CliError.wrongParameter(1 + o));
        if (undo) {
          throw CliError.unrecognized(0);
        }
        expectEnd(c, 2, o);
        String full = ds.row(table(INTERFACES), List.of(ifIndex)).orElseThrow().get("Name");
        views.push(
            new View(View.Kind.INTERFACE, full, ifIndex, null, "[" + sysname + "-" + full + "]"));
      }
      case "acl" -> systemAcl(c, undo, o);
      case "qos" -> {
        if (c.size() >= 3 && c.get(1).equals("trust") && c.get(2).equals("tunnel-dot1p")) {
          expectEnd(c, 3, o);
          put(QOS_GLOBAL, EditOperation.MERGE, Map.of("TrustTunnelDot1p", undo ? "false" : "true"));
          return;
        }
        if (c.size() >= 5
            && c.get(1).equals("wred")
            && c.get(2).equals("queue")
            && c.get(3).equals("table")) {
          String name = c.get(4);
          expectEnd(c, 5, o);
          if (undo) {
            removeRaw("wred-table " + name);
            return;
          }
          views.push(
              new View(
                  View.Kind.WRED_TABLE,
                  name,
                  null,
                  null,
                  "[" + sysname + "-wred-table-" + name + "]"));
          return;
        }
        raw("global", t);
      }
      case "priority-flow-control", "buffer", "sysname" -> raw("global", t);
      default -> throw CliError.unrecognized(o);
    }
  }

  private void systemAcl(List<String> c, boolean undo, int o) throws CliError {
    // acl advanced name NAME | acl ipv4 advanced name NAME
    int i = 1;
    if (i < c.size() && c.get(i).equals("ipv4")) {
      i++;
    }
    if (undo && i < c.size() && c.get(i).equals("name")) {
      // undo acl [ipv4] name NAME
      String name = arg(c, i + 1, o);
      expectEnd(c, i + 2, o);
      undoAcl(name);
      return;
    }
    keyword(c, i, "advanced", o);
    keyword(c, i + 1, "name", o);
    String name = arg(c, i + 2, o);
    expectEnd(c, i + 3, o);
    if (undo) {
      undoAcl(name);
      return;
    }
    if (!exists(ACL_GROUP, List.of("1", name))) {
      put(
          ACL_GROUP,
          EditOperation.MERGE,
          Map.of("GroupType", "1", "GroupIndex", name, "GroupCategory", "2"));
    }
    views.push(
        new View(View.Kind.ACL, name, null, null, "[" + sysname + "-acl-ipv4-adv-" + name + "]"));
  }

  private void requireL2vpn() throws CliError {
    Optional<Row> base = ds.row(table(L2VPN_BASE), List.of());
    if (base.isEmpty() || !"true".equals(base.get().get("Enable"))) {
      throw CliError.message("The feature L2VPN has not been enabled.");
    }
  }

  private void undoVsi(String name) throws CliError {
    TableSpec ac = table(AC);
    for (Row r : new ArrayList<>(ds.rows(ac))) {
      if (name.equals(r.get("VsiName"))) {
        ds.remove(ac, ac.keyOf(r));
      }
    }
    TableSpec vx = table(VXLAN);
    for (Row r : new ArrayList<>(ds.rows(vx))) {
      if (name.equals(r.get("VsiName"))) {
        ds.remove(vx, vx.keyOf(r));
      }
    }
    ds.remove(table(EVPN), List.of(name));
    ds.remove(table(VSI), List.of(name));
  }

  private void undoAcl(String name) throws CliError {
    TableSpec pf = table(PFILTER);
    for (Row r : ds.rows(pf)) {
      if ("1".equals(r.get("AppAclType")) && name.equals(r.get("AppAclGroup"))) {
        throw CliError.message(
            "The ACL " + name + " is applied by a packet filter and can't be deleted.");
      }
    }
    TableSpec rules = table(ACL_RULE);
    for (Row r : new ArrayList<>(ds.rows(rules))) {
      if (name.equals(r.get("GroupIndex"))) {
        ds.remove(rules, rules.keyOf(r));
      }
    }
    ds.remove(table(ACL_GROUP), List.of("1", name));
  }

  // ------------------------------------------------------------------ VSI / EVPN

  private void vsi(List<String> t, View v) throws CliError {
    boolean undo = t.get(0).equals("undo");
    List<String> c = undo ? t.subList(1, t.size()) : t;
    int o = undo ? 1 : 0;
    if (c.isEmpty()) {
      throw CliError.incomplete(t.size());
    }
    switch (c.get(0)) {
      case "vxlan" -> {
        TableSpec vx = table(VXLAN);
        if (undo) {
          expectEnd(c, 1, o);
          for (Row r : new ArrayList<>(ds.rows(vx))) {
            if (v.object().equals(r.get("VsiName"))) {
              ds.remove(vx, vx.keyOf(r));
            }
          }
          return;
        }
        String id = number(c, 1, o, 1, 16777215);
        expectEnd(c, 2, o);
        Optional<Row> taken = ds.row(vx, List.of(id));
        if (taken.isPresent() && !v.object().equals(taken.get().get("VsiName"))) {
          throw CliError.message("The VXLAN ID has been used by another VSI.");
        }
        for (Row r : new ArrayList<>(ds.rows(vx))) {
          if (v.object().equals(r.get("VsiName")) && !id.equals(r.get("VxlanID"))) {
            throw CliError.message("The VSI has been configured with a VXLAN ID.");
          }
        }
        put(VXLAN, EditOperation.MERGE, Map.of("VxlanID", id, "VsiName", v.object()));
      }
      case "evpn" -> {
        keyword(c, 1, "encapsulation", o);
        keyword(c, 2, "vxlan", o);
        expectEnd(c, 3, o);
        if (undo) {
          ds.remove(table(EVPN), List.of(v.object()));
          return;
        }
        put(EVPN, EditOperation.MERGE, Map.of("VsiName", v.object(), "Encapsulation", "vxlan"));
        views.push(
            new View(
                View.Kind.EVPN,
                v.object(),
                null,
                null,
                "[" + sysname + "-vsi-" + v.object() + "-evpn-vxlan]"));
      }
      case "description" -> {
        if (undo) {
          put(VSI, EditOperation.REMOVE, Map.of("VsiName", v.object(), "Description", ""));
          return;
        }
        put(VSI, EditOperation.MERGE, Map.of("VsiName", v.object(), "Description", rest(c, 1, o)));
      }
      default -> throw CliError.unrecognized(o);
    }
  }

  private void evpn(List<String> t, View v) throws CliError {
    boolean undo = t.get(0).equals("undo");
    List<String> c = undo ? t.subList(1, t.size()) : t;
    int o = undo ? 1 : 0;
    if (c.isEmpty()) {
      throw CliError.incomplete(t.size());
    }
    Row row = ds.row(table(EVPN), List.of(v.object())).orElseThrow();
    switch (c.get(0)) {
      case "route-distinguisher" -> {
        if (undo) {
          put(EVPN, EditOperation.REMOVE, Map.of("VsiName", v.object(), "RD", ""));
          return;
        }
        String rd = arg(c, 1, o);
        expectEnd(c, 2, o);
        if (!rd.equals("auto") && !rd.matches("[0-9.]+:[0-9]+")) {
          throw CliError.wrongParameter(1 + o);
        }
        put(EVPN, EditOperation.MERGE, Map.of("VsiName", v.object(), "RD", rd));
      }
      case "vpn-target" -> {
        String rt = arg(c, 1, o);
        if (!rt.equals("auto") && !rt.matches("[0-9.]+:[0-9]+")) {
          throw CliError.wrongParameter(1 + o);
        }
        String dir = c.size() > 2 ? c.get(2) : "both";
        if (!List.of("both", "export-extcommunity", "import-extcommunity").contains(dir)) {
          throw CliError.wrongParameter(2 + o);
        }
        expectEnd(c, c.size() > 2 ? 3 : 2, o);
        List<String> targets = new ArrayList<>();
        String have = row.get("VpnTargets");
        if (have != null) {
          targets.addAll(List.of(have.split(";")));
        }
        String entry = rt + " " + dir;
        targets.remove(entry);
        if (!undo) {
          targets.add(entry);
        }
        if (targets.isEmpty()) {
          put(EVPN, EditOperation.REMOVE, Map.of("VsiName", v.object(), "VpnTargets", ""));
        } else {
          put(
              EVPN,
              EditOperation.MERGE,
              Map.of("VsiName", v.object(), "VpnTargets", String.join(";", targets)));
        }
      }
      default -> throw CliError.unrecognized(o);
    }
  }

  // ------------------------------------------------------------------ interface view

  private void iface(List<String> t, View v) throws CliError {
    boolean undo = t.get(0).equals("undo");
    List<String> c = undo ? t.subList(1, t.size()) : t;
    int o = undo ? 1 : 0;
    if (c.isEmpty()) {
      throw CliError.incomplete(t.size());
    }
    String ix = v.ifIndex();
    switch (c.get(0)) {
      case "port" -> {
        keyword(c, 1, "link-mode", o);
        String mode = arg(c, 2, o);
        expectEnd(c, 3, o);
        if (!mode.equals("bridge") && !mode.equals("route")) {
          throw CliError.wrongParameter(2 + o);
        }
        String layer = undo ? "2" : mode.equals("bridge") ? "1" : "2";
        if (layer.equals("2") && hasRows(SRV, "IfIndex", ix)) {
          throw CliError.message("Please remove the service instances on the interface first.");
        }
        put(INTERFACES, EditOperation.MERGE, Map.of("IfIndex", ix, "PortLayer", layer));
      }
      case "description" -> {
        if (undo) {
          put(INTERFACES, EditOperation.REMOVE, Map.of("IfIndex", ix, "Description", ""));
          return;
        }
        put(INTERFACES, EditOperation.MERGE, Map.of("IfIndex", ix, "Description", rest(c, 1, o)));
      }
      case "shutdown" -> {
        expectEnd(c, 1, o);
        put(
            INTERFACES,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "AdminStatus", undo ? "1" : "2"));
      }
      case "service-instance" -> {
        String id = number(c, 1, o, 1, 4096);
        expectEnd(c, 2, o);
        if (!"1".equals(ds.row(table(INTERFACES), List.of(ix)).orElseThrow().get("PortLayer"))) {
          throw CliError.unrecognized(o);
        }
        if (undo) {
          ds.remove(table(AC), List.of(ix, id));
          ds.remove(table(SRV), List.of(ix, id));
          return;
        }
        if (!exists(SRV, List.of(ix, id))) {
          put(SRV, EditOperation.MERGE, Map.of("IfIndex", ix, "SrvID", id));
        }
        views.push(
            new View(
                View.Kind.SERVICE_INSTANCE,
                v.object(),
                ix,
                id,
                "[" + sysname + "-" + v.object() + "-srv" + id + "]"));
      }
      case "packet-filter" -> packetFilter(c, undo, o, ix);
      case "using" -> {
        if (undo) {
          throw CliError.unrecognized(0);
        }
        String speed = arg(c, 1, o);
        expectEnd(c, 2, o);
        breakout(v, speed);
      }
      case "priority-flow-control" -> pfc(t, c, undo, o, ix, v);
      case "qos" -> qos(t, c, undo, o, ix, v);
      default -> {
        if (List.of("stp", "link-delay", "lldp", "mtu", "jumboframe", "flow-interval")
            .contains(c.get(0))) {
          raw(v.object(), t);
          return;
        }
        throw CliError.unrecognized(o);
      }
    }
  }

  /**
   * {@code using twohundredgige} splits FourHundredGigE1/0/N into TwoHundredGigE1/0/N:1 and :2 (new
   * IfIndex values above every existing one); {@code using fourhundredgige} on a child merges them
   * back (IfIndex N). The device's [Y/N] confirmation is not emulated ([G]).
   */
  private void breakout(View v, String speed) throws CliError {
    TableSpec ifs = table(INTERFACES);
    String name = v.object();
    boolean split = speed.equals("twohundredgige");
    if (!split && !speed.equals("fourhundredgige")) {
      throw CliError.wrongParameter(1);
    }
    List<Row> removed = new ArrayList<>();
    int port;
    if (split) {
      if (!name.startsWith("FourHundredGigE1/0/")) {
        throw CliError.message("The interface does not support this split mode.");
      }
      port = Integer.parseInt(name.substring("FourHundredGigE1/0/".length()));
      removed.add(ds.row(ifs, List.of(v.ifIndex())).orElseThrow());
    } else {
      if (!name.startsWith("TwoHundredGigE1/0/") || !name.contains(":")) {
        throw CliError.message("The interface is not a split interface.");
      }
      port = Integer.parseInt(name.substring("TwoHundredGigE1/0/".length(), name.indexOf(':')));
      for (Row r : ds.rows(ifs)) {
        if (r.get("Name").startsWith("TwoHundredGigE1/0/" + port + ":")) {
          removed.add(r);
        }
      }
    }
    for (Row r : removed) {
      String ix = r.get("IfIndex");
      for (String t : List.of(SRV, PFC_PORT, WRED_QUEUE, WRED_DROP, QOS_PORT)) {
        if (hasRows(t, "IfIndex", ix)) {
          throw CliError.message("Please remove the configuration of " + r.get("Name") + " first.");
        }
      }
      if (hasRows(PFILTER, "AppObjIndex", ix)) {
        throw CliError.message("Please remove the configuration of " + r.get("Name") + " first.");
      }
    }
    int next = 64;
    for (Row r : ds.rows(ifs)) {
      next = Math.max(next, Integer.parseInt(r.get("IfIndex")));
    }
    for (Row r : removed) {
      ds.remove(ifs, List.of(r.get("IfIndex")));
    }
    List<String[]> created = new ArrayList<>();
    if (split) {
      created.add(new String[] {Integer.toString(next + 1), "TwoHundredGigE1/0/" + port + ":1"});
      created.add(new String[] {Integer.toString(next + 2), "TwoHundredGigE1/0/" + port + ":2"});
    } else {
      created.add(new String[] {Integer.toString(port), "FourHundredGigE1/0/" + port});
    }
    for (String[] c : created) {
      Row r = new Row();
      for (var col : ifs.columns()) {
        if (col.defaultValue() != null) {
          r.put(col.key(), col.defaultValue());
        }
      }
      r.put("IfIndex", c[0]);
      r.put("Name", c[1]);
      r.put("AbbreviatedName", abbreviate(c[1]));
      ds.put(ifs, r);
    }
    views.pop();
  }

  private void packetFilter(List<String> c, boolean undo, int o, String ix) throws CliError {
    // packet-filter name NAME inbound|outbound  (also: packet-filter NAME inbound)
    int i = 1;
    if (i < c.size() && c.get(i).equals("name")) {
      i++;
    }
    String name = arg(c, i, o);
    String dir = arg(c, i + 1, o);
    expectEnd(c, i + 2, o);
    String d;
    if (dir.equals("inbound")) {
      d = "1";
    } else if (dir.equals("outbound")) {
      d = "2";
    } else {
      throw CliError.wrongParameter(i + 1 + o);
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
            "1",
            "AppAclGroup",
            name);
    put(PFILTER, undo ? EditOperation.REMOVE : EditOperation.MERGE, key);
  }

  private void pfc(List<String> t, List<String> c, boolean undo, int o, String ix, View v)
      throws CliError {
    if (c.size() == 1) {
      if (!undo) {
        throw CliError.incomplete(t.size());
      }
      put(PFC_PORT, EditOperation.REMOVE, Map.of("IfIndex", ix));
      return;
    }
    switch (c.get(1)) {
      case "enable", "auto" -> {
        expectEnd(c, 2, o);
        put(
            PFC_PORT,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "Enable", undo ? "2" : c.get(1).equals("enable") ? "1" : "3"));
      }
      case "no-drop" -> {
        keyword(c, 2, "dot1p", o);
        if (undo && c.size() == 3) {
          put(PFC_PORT, EditOperation.REMOVE, Map.of("IfIndex", ix, "NoDropDot1p", ""));
          return;
        }
        List<String> prios = new ArrayList<>();
        for (int i = 3; i < c.size(); i++) {
          for (String p : c.get(i).split(",")) {
            if (!p.matches("[0-7]")) {
              throw CliError.wrongParameter(i + o);
            }
            prios.add(p);
          }
        }
        if (prios.isEmpty()) {
          throw CliError.incomplete(t.size());
        }
        if (undo) {
          put(PFC_PORT, EditOperation.REMOVE, Map.of("IfIndex", ix, "NoDropDot1p", ""));
        } else {
          put(
              PFC_PORT,
              EditOperation.MERGE,
              Map.of("IfIndex", ix, "NoDropDot1p", String.join(",", prios)));
        }
      }
      case "deadlock" -> {
        keyword(c, 2, "enable", o);
        expectEnd(c, 3, o);
        put(
            PFC_PORT,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "DeadlockEnable", undo ? "false" : "true"));
      }
      default -> raw(v.object(), t);
    }
  }

  private void qos(List<String> t, List<String> c, boolean undo, int o, String ix, View v)
      throws CliError {
    if (c.size() < 2) {
      throw CliError.incomplete(t.size());
    }
    if (c.get(1).equals("trust")) {
      String what = arg(c, 2, o);
      expectEnd(c, 3, o);
      if (what.equals("tunnel-dot1p")) {
        put(
            QOS_PORT,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "TrustTunnelDot1p", undo ? "false" : "true"));
        return;
      }
      if (!List.of("dscp", "dot1p", "exp").contains(what)) {
        throw CliError.wrongParameter(2 + o);
      }
      put(
          QOS_PORT,
          undo ? EditOperation.REMOVE : EditOperation.MERGE,
          undo ? Map.of("IfIndex", ix, "Trust", "") : Map.of("IfIndex", ix, "Trust", what));
      return;
    }
    if (c.get(1).equals("wred") && c.size() >= 4 && c.get(2).equals("queue")) {
      String q = number(c, 3, o, 0, 7);
      if (c.size() == 5 && c.get(4).equals("ecn")) {
        put(
            WRED_QUEUE,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "QueueID", q, "ECN", undo ? "false" : "true"));
        return;
      }
      if (c.size() >= 5 && c.get(4).equals("weighting-constant")) {
        String w = number(c, 5, o, 0, 15);
        expectEnd(c, 6, o);
        put(
            WRED_QUEUE,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "QueueID", q, "WeightingConstant", w));
        return;
      }
      if (c.size() >= 5 && c.get(4).equals("drop-level")) {
        String level = number(c, 5, o, 0, 2);
        keyword(c, 6, "low-limit", o);
        String low = number(c, 7, o, 0, 1000000000);
        keyword(c, 8, "high-limit", o);
        String high = number(c, 9, o, 0, 1000000000);
        keyword(c, 10, "discard-probability", o);
        String prob = number(c, 11, o, 0, 100);
        expectEnd(c, 12, o);
        if (Long.parseLong(low) > Long.parseLong(high)) {
          throw CliError.message("The low-limit must not be greater than the high-limit.");
        }
        Map<String, String> m = new LinkedHashMap<>();
        m.put("IfIndex", ix);
        m.put("QueueID", q);
        m.put("DropLevel", level);
        if (undo) {
          put(WRED_DROP, EditOperation.REMOVE, m);
          return;
        }
        m.put("LowLimit", low);
        m.put("HighLimit", high);
        m.put("DiscardProb", prob);
        put(WRED_DROP, EditOperation.MERGE, m);
        return;
      }
    }
    raw(v.object(), t);
  }

  // ------------------------------------------------------------------ service instance view

  private void serviceInstance(List<String> t, View v) throws CliError {
    boolean undo = t.get(0).equals("undo");
    List<String> c = undo ? t.subList(1, t.size()) : t;
    int o = undo ? 1 : 0;
    if (c.isEmpty()) {
      throw CliError.incomplete(t.size());
    }
    String ix = v.ifIndex();
    String id = v.srvId();
    switch (c.get(0)) {
      case "encapsulation" -> {
        if (undo) {
          if (exists(AC, List.of(ix, id))) {
            throw CliError.message("Please remove the xconnect configuration first.");
          }
          put(
              SRV,
              EditOperation.REMOVE,
              Map.of("IfIndex", ix, "SrvID", id, "Encap", "", "SVlanRange", ""));
          return;
        }
        String kind = arg(c, 1, o);
        Map<String, String> m = new LinkedHashMap<>();
        m.put("IfIndex", ix);
        m.put("SrvID", id);
        switch (kind) {
          case "default" -> {
            expectEnd(c, 2, o);
            m.put("Encap", "1");
          }
          case "untagged" -> {
            expectEnd(c, 2, o);
            m.put("Encap", "2");
          }
          case "tagged" -> {
            expectEnd(c, 2, o);
            m.put("Encap", "3");
          }
          case "s-vid" -> {
            String vlan = number(c, 2, o, 1, 4094);
            boolean only = c.size() > 3 && c.get(3).equals("only-tagged");
            expectEnd(c, only ? 4 : 3, o);
            m.put("Encap", only ? "5" : "4");
            m.put("SVlanRange", vlan);
          }
          default -> throw CliError.wrongParameter(1 + o);
        }
        Optional<Row> have = ds.row(table(SRV), List.of(ix, id));
        if (have.isPresent()
            && have.get().get("Encap") != null
            && !have.get().get("Encap").equals(m.get("Encap"))) {
          throw CliError.message("The encapsulation of the service instance has been configured.");
        }
        put(SRV, EditOperation.MERGE, m);
      }
      case "xconnect" -> {
        keyword(c, 1, "vsi", o);
        if (undo) {
          ds.remove(table(AC), List.of(ix, id));
          return;
        }
        String vsi = arg(c, 2, o);
        String mode = "2";
        if (c.size() > 3) {
          keyword(c, 3, "access-mode", o);
          String m = arg(c, 4, o);
          expectEnd(c, 5, o);
          if (m.equals("vlan")) {
            mode = "1";
          } else if (!m.equals("ethernet")) {
            throw CliError.wrongParameter(4 + o);
          }
        }
        if (!exists(VSI, List.of(vsi))) {
          throw CliError.message("The specified VSI doesn't exist.");
        }
        put(
            AC,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "SrvID", id, "VsiName", vsi, "AccessMode", mode));
      }
      default -> throw CliError.unrecognized(o);
    }
  }

  // ------------------------------------------------------------------ ACL view

  private void acl(List<String> t, View v) throws CliError {
    boolean undo = t.get(0).equals("undo");
    List<String> c = undo ? t.subList(1, t.size()) : t;
    int o = undo ? 1 : 0;
    if (c.isEmpty()) {
      throw CliError.incomplete(t.size());
    }
    switch (c.get(0)) {
      case "rule" -> rule(t, c, undo, o, v.object());
      case "description" -> {
        Map<String, String> key =
            new LinkedHashMap<>(Map.of("GroupType", "1", "GroupIndex", v.object()));
        if (undo) {
          key.put("Description", "");
          put(ACL_GROUP, EditOperation.REMOVE, key);
          return;
        }
        key.put("Description", rest(c, 1, o));
        put(ACL_GROUP, EditOperation.MERGE, key);
      }
      default -> throw CliError.unrecognized(o);
    }
  }

  private void rule(List<String> t, List<String> c, boolean undo, int o, String group)
      throws CliError {
    int i = 1;
    String id = "65535";
    if (i < c.size() && c.get(i).matches("\\d+")) {
      id = number(c, i, o, 0, 65534);
      i++;
    }
    if (i < c.size() && c.get(i).equals("comment")) {
      ruleComment(t, c, undo, o, group, id, i);
      return;
    }
    if (undo) {
      expectEnd(c, i, o);
      if (id.equals("65535")) {
        throw CliError.incomplete(t.size());
      }
      ds.remove(table(ACL_RULE), List.of(group, id));
      return;
    }
    String action = arg(c, i, o);
    if (!action.equals("permit") && !action.equals("deny")) {
      throw CliError.wrongParameter(i + o);
    }
    Map<String, String> m = new LinkedHashMap<>();
    m.put("GroupIndex", group);
    m.put("RuleID", id);
    m.put("Action", action.equals("deny") ? "1" : "2");
    i++;
    String proto = arg(c, i, o);
    if (proto.equals("ip")) {
      m.put("ProtocolType", "256");
    } else if (proto.matches("\\d+")) {
      m.put("ProtocolType", number(c, i, o, 0, 255));
    } else if (proto.equals("tcp") || proto.equals("udp") || proto.equals("icmp")) {
      m.put("ProtocolType", proto.equals("tcp") ? "6" : proto.equals("udp") ? "17" : "1");
    } else {
      throw CliError.wrongParameter(i + o);
    }
    i++;
    m.put("SrcAny", "true");
    m.put("DstAny", "true");
    while (i < c.size()) {
      String k = c.get(i);
      switch (k) {
        case "source", "destination" -> {
          String pre = k.equals("source") ? "Src" : "Dst";
          String addr = arg(c, i + 1, o);
          if (addr.equals("any")) {
            i += 2;
            continue;
          }
          String wc = arg(c, i + 2, o);
          if (wc.equals("0")) {
            wc = "0.0.0.0";
          }
          m.put(pre + "Any", "false");
          m.put(pre + "IPv4/" + pre + "IPv4Addr", ipv4(addr, i + 1 + o));
          m.put(pre + "IPv4/" + pre + "IPv4Wildcard", ipv4(wc, i + 2 + o));
          i += 3;
        }
        case "counting" -> {
          m.put("Counting", "true");
          i++;
        }
        case "logging" -> {
          m.put("Logging", "true");
          i++;
        }
        case "fragment" -> {
          m.put("Fragment", "true");
          i++;
        }
        default -> throw CliError.unrecognized(i + o);
      }
    }
    // A rule command replaces the rule's match and action; its comment stays.
    ds.row(table(ACL_RULE), List.of(group, id))
        .map(r -> r.get("Comment"))
        .ifPresent(comment -> m.put("Comment", comment));
    put(ACL_RULE, EditOperation.REPLACE, m);
  }

  private void ruleComment(
      List<String> t, List<String> c, boolean undo, int o, String group, String id, int i)
      throws CliError {
    if (id.equals("65535")) {
      throw CliError.incomplete(t.size());
    }
    if (!exists(ACL_RULE, List.of(group, id))) {
      throw CliError.message("The rule doesn't exist.");
    }
    if (undo) {
      expectEnd(c, i + 1, o);
      put(ACL_RULE, EditOperation.REMOVE, Map.of("GroupIndex", group, "RuleID", id, "Comment", ""));
      return;
    }
    put(
        ACL_RULE,
        EditOperation.MERGE,
        Map.of("GroupIndex", group, "RuleID", id, "Comment", rest(c, i + 1, o)));
  }

  private static String ipv4(String s, int token) throws CliError {
    if (!s.matches("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})")) {
      throw CliError.wrongParameter(token);
    }
    for (String p : s.split("\\.")) {
      if (Integer.parseInt(p) > 255) {
        throw CliError.wrongParameter(token);
      }
    }
    return s;
  }

  // ------------------------------------------------------------------ raw (stored verbatim) lines

  private void raw(String scope, List<String> t) throws CliError {
    TableSpec lines = table(RAW_LINES);
    boolean undo = t.get(0).equals("undo");
    String text = String.join(" ", undo ? t.subList(1, t.size()) : t);
    if (text.isEmpty()) {
      throw CliError.incomplete(t.size());
    }
    int max = -1;
    for (Row r : new ArrayList<>(ds.rows(lines))) {
      if (!scope.equals(r.get("Scope"))) {
        continue;
      }
      max = Math.max(max, Integer.parseInt(r.get("Seq")));
      if (r.get("Text").equals(text)) {
        ds.remove(lines, lines.keyOf(r));
      }
    }
    if (!undo) {
      put(
          RAW_LINES,
          EditOperation.MERGE,
          Map.of("Scope", scope, "Seq", Integer.toString(max + 1), "Text", text));
    }
  }

  private void removeRaw(String scope) {
    TableSpec lines = table(RAW_LINES);
    for (Row r : new ArrayList<>(ds.rows(lines))) {
      if (scope.equals(r.get("Scope"))) {
        ds.remove(lines, lines.keyOf(r));
      }
    }
  }

  // ------------------------------------------------------------------ display

  private void display(List<String> t) throws CliError {
    if (t.size() >= 2 && "current-configuration".startsWith(t.get(1)) && t.get(1).length() >= 3) {
      expectEnd(t, 2);
      echo.append(CurrentConfiguration.render(ds, sysname));
      return;
    }
    if (t.size() >= 2 && t.get(1).equals("version")) {
      expectEnd(t, 2);
      echo.append("H3C Comware Software, Version 7.1.070, Release 6710 (tenant-fabric emulator)\n");
      echo.append("H3C S9825-64D uptime is 0 weeks, 0 days, 0 hours, 1 minute\n");
      return;
    }
    throw CliError.unrecognized(Math.min(1, t.size() - 1));
  }

  // ------------------------------------------------------------------ helpers

  private TableSpec table(String id) {
    return ds.schema().table(id);
  }

  private boolean exists(String tableId, List<String> key) {
    return ds.row(table(tableId), key).isPresent();
  }

  private boolean hasRows(String tableId, String column, String value) {
    return ds.find(table(tableId), column, value).isPresent();
  }

  private void put(String tableId, EditOperation op, Map<String, String> raw) throws CliError {
    TableSpec t = table(tableId);
    try {
      Map<String, String> values = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : raw.entrySet()) {
        boolean reset =
            (op == EditOperation.REMOVE || op == EditOperation.DELETE)
                && !t.index().contains(e.getKey());
        values.put(e.getKey(), reset ? "" : e.getValue());
      }
      Map<String, String> normal = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : values.entrySet()) {
        if (e.getValue().isEmpty()) {
          normal.put(e.getKey(), "");
        } else {
          normal.putAll(RowOps.normalise(t, Map.of(e.getKey(), e.getValue()), "cli"));
        }
      }
      RowOps.apply(ds, t, op, normal, "cli");
    } catch (RpcException e) {
      throw CliError.message(e.errors().get(0).message());
    }
  }

  /** The IfIndex of an interface named in full, abbreviated, or any letter case. */
  private Optional<String> interfaceIndex(String name) {
    for (Row r : ds.rows(table(INTERFACES))) {
      String full = r.get("Name");
      if (full.equalsIgnoreCase(name) || abbreviate(full).equalsIgnoreCase(name)) {
        return Optional.of(r.get("IfIndex"));
      }
    }
    return Optional.empty();
  }

  /**
   * {@code FourHundredGigE1/0/5} -> {@code 400GE1/0/5}, {@code TwoHundredGigE1/0/5:1} -> {@code
   * 200GE1/0/5:1}.
   */
  public static String abbreviate(String name) {
    if (name.startsWith("FourHundredGigE")) {
      return "400GE" + name.substring("FourHundredGigE".length());
    }
    if (name.startsWith("TwoHundredGigE")) {
      return "200GE" + name.substring("TwoHundredGigE".length());
    }
    return name;
  }

  private static String arg(List<String> c, int i, int offset) throws CliError {
    if (i >= c.size()) {
      throw CliError.incomplete(c.size() + offset);
    }
    return c.get(i);
  }

  private static void keyword(List<String> c, int i, String expected, int offset) throws CliError {
    if (i >= c.size()) {
      throw CliError.incomplete(c.size() + offset);
    }
    if (!c.get(i).equals(expected)) {
      throw CliError.unrecognized(i + offset);
    }
  }

  private static String number(List<String> c, int i, int offset, long min, long max)
      throws CliError {
    String s = arg(c, i, offset);
    try {
      long n = Long.parseLong(s);
      if (n < min || n > max) {
        throw CliError.wrongParameter(i + offset);
      }
      return Long.toString(n);
    } catch (NumberFormatException e) {
      throw CliError.wrongParameter(i + offset);
    }
  }

  private static String rest(List<String> c, int from, int offset) throws CliError {
    if (from >= c.size()) {
      throw CliError.incomplete(c.size() + offset);
    }
    return String.join(" ", c.subList(from, c.size()));
  }

  private static void expectEnd(List<String> c, int size) throws CliError {
    expectEnd(c, size, 0);
  }

  private static void expectEnd(List<String> c, int size, int offset) throws CliError {
    if (c.size() > size) {
      throw CliError.unrecognized(size + offset);
    }
  }
}
