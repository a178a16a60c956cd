package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.EVPN;

import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A VSI's EVPN view: route distinguisher and route targets. */
final class EvpnView {
  private static final String ROUTE_VALUE = "[0-9.]+:[0-9]+";
  private final Tables tables;

  EvpnView(Tables tables) {
    this.tables = tables;
  }

  void run(CliCommand c, View v) throws CliError {
    String vsi = v.object();
    String verb = c.verb();
    Row row = tables.row(EVPN, List.of(vsi)).orElseThrow();
    switch (verb) {
      case "route-distinguisher" -> {
        if (c.undo()) {
          tables.put(EVPN, EditOperation.REMOVE, Map.of("VsiName", vsi, "RD", ""));
          return;
        }
        String rd = c.arg(1);
        c.expectEnd(2);
        if (!rd.equals("auto") && !rd.matches(ROUTE_VALUE)) {
          throw c.wrongAt(1);
        }
        tables.put(EVPN, EditOperation.MERGE, Map.of("VsiName", vsi, "RD", rd));
      }
      case "vpn-target" -> vpnTarget(c, vsi, row);
      default -> throw c.unrecognizedAt(0);
    }
  }

  private void vpnTarget(CliCommand c, String vsi, Row row) throws CliError {
    String rt = c.arg(1);
    if (!rt.equals("auto") && !rt.matches(ROUTE_VALUE)) {
      throw c.wrongAt(1);
    }
    String dir = c.size() > 2 ? c.word(2) : "both";
    if (!List.of("both", "export-extcommunity", "import-extcommunity").contains(dir)) {
      throw c.wrongAt(2);
    }
    c.expectEnd(c.size() > 2 ? 3 : 2);
    List<String> targets = new ArrayList<>();
    String have = row.get("VpnTargets");
    if (have != null) {
      targets.addAll(List.of(have.split(";")));
    }
    String entry = rt + " " + dir;
    targets.remove(entry);
    if (!c.undo()) {
      targets.add(entry);
    }
    if (targets.isEmpty()) {
      tables.put(EVPN, EditOperation.REMOVE, Map.of("VsiName", vsi, "VpnTargets", ""));
    } else {
      tables.put(
          EVPN,
          EditOperation.MERGE,
          Map.of("VsiName", vsi, "VpnTargets", String.join(";", targets)));
    }
  }
}
