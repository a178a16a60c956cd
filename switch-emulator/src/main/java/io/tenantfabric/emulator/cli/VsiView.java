package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.EVPN;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VSI;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VXLAN;

import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The VSI view: its VXLAN ID, description, and the command that enters its EVPN view. */
final class VsiView {
  private final CliSession session;
  private final Tables tables;

  VsiView(CliSession session) {
    this.session = session;
    this.tables = session.tables();
  }

  void run(CliCommand c, View v) throws CliError {
    String vsi = v.object();
    switch (c.verb()) {
      case "vxlan" -> vxlan(c, vsi);
      case "evpn" -> {
        c.keyword(1, "encapsulation");
        c.keyword(2, "vxlan");
        c.expectEnd(3);
        if (c.undo()) {
          tables.remove(EVPN, List.of(vsi));
          return;
        }
        tables.put(EVPN, EditOperation.MERGE, Map.of("VsiName", vsi, "Encapsulation", "vxlan"));
        session.enter(View.Kind.EVPN, vsi, null, null, "-vsi-" + vsi + "-evpn-vxlan");
      }
      case "description" -> {
        if (c.undo()) {
          tables.put(VSI, EditOperation.REMOVE, Map.of("VsiName", vsi, "Description", ""));
          return;
        }
        tables.put(VSI, EditOperation.MERGE, Map.of("VsiName", vsi, "Description", c.rest(1)));
      }
      default -> throw c.unrecognizedAt(0);
    }
  }

  private void vxlan(CliCommand c, String vsi) throws CliError {
    if (c.undo()) {
      c.expectEnd(1);
      tables.removeWhere(VXLAN, "VsiName", vsi);
      return;
    }
    String id = c.number(1, 1, 16777215);
    c.expectEnd(2);
    Optional<Row> taken = tables.row(VXLAN, List.of(id));
    if (taken.isPresent() && !vsi.equals(taken.get().get("VsiName"))) {
      throw CliError.message("The VXLAN ID has been used by another VSI.");
    }
    for (Row r : tables.datastore().rows(tables.table(VXLAN))) {
      if (vsi.equals(r.get("VsiName")) && !id.equals(r.get("VxlanID"))) {
        throw CliError.message("The VSI has been configured with a VXLAN ID.");
      }
    }
    tables.put(VXLAN, EditOperation.MERGE, Map.of("VxlanID", id, "VsiName", vsi));
  }
}
