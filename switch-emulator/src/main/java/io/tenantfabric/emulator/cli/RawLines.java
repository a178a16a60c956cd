package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.RAW_LINES;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.EditOperation;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.TableSpec;
import java.util.ArrayList;
import java.util.Map;

/** Commands the emulator stores verbatim per scope (a view's object, or {@code global}). */
final class RawLines {
  private final Tables tables;

  RawLines(Tables tables) {
    this.tables = tables;
  }

  /**
   * Stores the command's text last in its scope, or with {@code undo} removes that text. A line the
   * scope already has stays where it is: entering a configured command again changes nothing, as on
   * the switch.
   */
  void apply(String scope, CliCommand c) throws CliError {
    Datastore ds = tables.datastore();
    TableSpec lines = tables.table(RAW_LINES);
    String text = String.join(" ", c.words());
    if (text.isEmpty()) {
      throw c.incomplete();
    }
    int max = -1;
    boolean present = false;
    for (Row r : new ArrayList<>(ds.rows(lines))) {
      if (!scope.equals(r.get("Scope"))) {
        continue;
      }
      max = Math.max(max, Integer.parseInt(r.get("Seq")));
      if (r.get("Text").equals(text)) {
        present = true;
        if (c.undo()) {
          ds.remove(lines, lines.keyOf(r));
        }
      }
    }
    if (!c.undo() && !present) {
      tables.put(
          RAW_LINES,
          EditOperation.MERGE,
          Map.of("Scope", scope, "Seq", Integer.toString(max + 1), "Text", text));
    }
  }

  void removeScope(String scope) {
    tables.removeWhere(RAW_LINES, "Scope", scope);
  }
}
