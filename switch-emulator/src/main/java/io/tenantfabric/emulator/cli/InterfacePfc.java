package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.PFC_PORT;

import io.tenantfabric.emulator.datastore.EditOperation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An interface's {@code priority-flow-control} commands; forms it does not model stay verbatim. */
final class InterfacePfc {
  private final Tables tables;
  private final RawLines rawLines;

  InterfacePfc(Tables tables, RawLines rawLines) {
    this.tables = tables;
    this.rawLines = rawLines;
  }

  void run(CliCommand c, View v) throws CliError {
    String ix = v.ifIndex();
    boolean undo = c.undo();
    if (c.size() == 1) {
      if (!undo) {
        throw c.incomplete();
      }
      tables.put(PFC_PORT, EditOperation.REMOVE, Map.of("IfIndex", ix));
      return;
    }
    switch (c.word(1)) {
      case "enable", "auto" -> {
        c.expectEnd(2);
        String enable = undo ? "2" : c.word(1).equals("enable") ? "1" : "3";
        tables.put(PFC_PORT, EditOperation.MERGE, Map.of("IfIndex", ix, "Enable", enable));
      }
      case "no-drop" -> noDrop(c, ix);
      case "deadlock" -> {
        c.keyword(2, "enable");
        c.expectEnd(3);
        tables.put(
            PFC_PORT,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "DeadlockEnable", undo ? "false" : "true"));
      }
      default -> rawLines.apply(v.object(), c);
    }
  }

  /** {@code [undo] priority-flow-control no-drop dot1p 3,4 ...}: priorities 0 to 7. */
  private void noDrop(CliCommand c, String ix) throws CliError {
    c.keyword(2, "dot1p");
    if (c.undo() && c.size() == 3) {
      tables.put(PFC_PORT, EditOperation.REMOVE, Map.of("IfIndex", ix, "NoDropDot1p", ""));
      return;
    }
    List<String> prios = new ArrayList<>();
    for (int i = 3; i < c.size(); i++) {
      for (String p : c.word(i).split(",")) {
        if (!p.matches("[0-7]")) {
          throw c.wrongAt(i);
        }
        prios.add(p);
      }
    }
    if (prios.isEmpty()) {
      throw c.incomplete();
    }
    if (c.undo()) {
      tables.put(PFC_PORT, EditOperation.REMOVE, Map.of("IfIndex", ix, "NoDropDot1p", ""));
    } else {
      tables.put(
          PFC_PORT,
          EditOperation.MERGE,
          Map.of("IfIndex", ix, "NoDropDot1p", String.join(",", prios)));
    }
  }
}
