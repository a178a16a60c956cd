package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.AC;
import static io.tenantfabric.emulator.datastore.ComwareSchema.SRV;
import static io.tenantfabric.emulator.datastore.ComwareSchema.VSI;

import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The service-instance view: its encapsulation and its {@code xconnect vsi} attachment. */
final class ServiceInstanceView {
  private final Tables tables;

  ServiceInstanceView(Tables tables) {
    this.tables = tables;
  }

  void run(CliCommand c, View v) throws CliError {
    String ix = v.ifIndex();
    String id = v.srvId();
    switch (c.verb()) {
      case "encapsulation" -> encapsulation(c, ix, id);
      case "xconnect" -> xconnect(c, ix, id);
      default -> throw c.unrecognizedAt(0);
    }
  }

  private void encapsulation(CliCommand c, String ix, String id) throws CliError {
    if (c.undo()) {
      if (tables.exists(AC, List.of(ix, id))) {
        throw CliError.message("Please remove the xconnect configuration first.");
      }
      tables.put(
          SRV,
          EditOperation.REMOVE,
          Map.of("IfIndex", ix, "SrvID", id, "Encap", "", "SVlanRange", "", "CVlanRange", ""));
      return;
    }
    String kind = c.arg(1);
    Map<String, String> m = new LinkedHashMap<>();
    m.put("IfIndex", ix);
    m.put("SrvID", id);
    switch (kind) {
      case "default" -> {
        c.expectEnd(2);
        m.put("Encap", "1");
      }
      case "untagged" -> {
        c.expectEnd(2);
        m.put("Encap", "2");
      }
      case "tagged" -> {
        c.expectEnd(2);
        m.put("Encap", "3");
      }
      case "s-vid" -> serviceVlan(c, m);
      case "c-vid" -> {
        // encapsulation c-vid V: the customer VLAN alone (SRV Encap 7)
        m.put("CVlanRange", c.number(2, 1, 4094));
        c.expectEnd(3);
        m.put("Encap", "7");
      }
      default -> throw c.wrongAt(1);
    }
    Optional<Row> have = tables.row(SRV, List.of(ix, id));
    if (have.isPresent()
        && have.get().get("Encap") != null
        && !have.get().get("Encap").equals(m.get("Encap"))) {
      throw CliError.message("The encapsulation of the service instance has been configured.");
    }
    tables.put(SRV, EditOperation.MERGE, m);
  }

  /**
   * {@code encapsulation s-vid V [only-tagged | c-vid C | c-vid all]}: the service VLAN (Encap 4),
   * only its tagged frames (5), or QinQ with a customer VLAN (6) or all of them (10), as the SRV
   * table codes them (pyhpecw7's L2VPN feature names the same codes).
   */
  private static void serviceVlan(CliCommand c, Map<String, String> m) throws CliError {
    m.put("SVlanRange", c.number(2, 1, 4094));
    if (c.size() == 3) {
      m.put("Encap", "4");
      return;
    }
    switch (c.word(3)) {
      case "only-tagged" -> {
        c.expectEnd(4);
        m.put("Encap", "5");
      }
      case "c-vid" -> {
        if (c.arg(4).equals("all")) {
          m.put("Encap", "10");
        } else {
          m.put("CVlanRange", c.number(4, 1, 4094));
          m.put("Encap", "6");
        }
        c.expectEnd(5);
      }
      default -> throw c.wrongAt(3);
    }
  }

  /** {@code xconnect vsi NAME [access-mode vlan|ethernet]}; ethernet is the default. */
  private void xconnect(CliCommand c, String ix, String id) throws CliError {
    c.keyword(1, "vsi");
    if (c.undo()) {
      tables.remove(AC, List.of(ix, id));
      return;
    }
    String vsi = c.arg(2);
    String mode = "2";
    if (c.size() > 3) {
      c.keyword(3, "access-mode");
      String m = c.arg(4);
      c.expectEnd(5);
      if (m.equals("vlan")) {
        mode = "1";
      } else if (!m.equals("ethernet")) {
        throw c.wrongAt(4);
      }
    }
    if (!tables.exists(VSI, List.of(vsi))) {
      throw CliError.message("The specified VSI doesn't exist.");
    }
    tables.put(
        AC,
        EditOperation.MERGE,
        Map.of("IfIndex", ix, "SrvID", id, "VsiName", vsi, "AccessMode", mode));
  }
}
