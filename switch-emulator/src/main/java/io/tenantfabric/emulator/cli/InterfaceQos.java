package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_DROP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_QUEUE;

import io.tenantfabric.emulator.datastore.EditOperation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An interface's {@code qos trust} and {@code qos wred queue} lines; others stay verbatim. */
final class InterfaceQos {
  private final Tables tables;
  private final RawLines rawLines;

  InterfaceQos(Tables tables, RawLines rawLines) {
    this.tables = tables;
    this.rawLines = rawLines;
  }

  void run(CliCommand c, View v) throws CliError {
    if (c.size() < 2) {
      throw c.incomplete();
    }
    String ix = v.ifIndex();
    if (c.word(1).equals("trust")) {
      trust(c, ix);
      return;
    }
    if (c.word(1).equals("wred") && c.size() >= 4 && c.word(2).equals("queue")) {
      String q = c.number(3, 0, 7);
      if (c.size() == 5 && c.word(4).equals("ecn")) {
        tables.put(
            WRED_QUEUE,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "QueueID", q, "ECN", c.undo() ? "false" : "true"));
        return;
      }
      if (c.size() >= 5 && c.word(4).equals("weighting-constant")) {
        String w = c.number(5, 0, 15);
        c.expectEnd(6);
        tables.put(
            WRED_QUEUE,
            EditOperation.MERGE,
            Map.of("IfIndex", ix, "QueueID", q, "WeightingConstant", w));
        return;
      }
      if (c.size() >= 5 && c.word(4).equals("drop-level")) {
        dropLevel(c, ix, q);
        return;
      }
    }
    rawLines.apply(v.object(), c);
  }

  private void trust(CliCommand c, String ix) throws CliError {
    String what = c.arg(2);
    c.expectEnd(3);
    if (what.equals("tunnel-dot1p")) {
      tables.put(
          QOS_PORT,
          EditOperation.MERGE,
          Map.of("IfIndex", ix, "TrustTunnelDot1p", c.undo() ? "false" : "true"));
      return;
    }
    if (!List.of("dscp", "dot1p", "exp").contains(what)) {
      throw c.wrongAt(2);
    }
    tables.put(
        QOS_PORT,
        c.undo() ? EditOperation.REMOVE : EditOperation.MERGE,
        Map.of("IfIndex", ix, "Trust", c.undo() ? "" : what));
  }

  /** {@code qos wred queue Q drop-level L low-limit N high-limit N discard-probability P}. */
  private void dropLevel(CliCommand c, String ix, String q) throws CliError {
    String level = c.number(5, 0, 2);
    c.keyword(6, "low-limit");
    String low = c.number(7, 0, 1000000000);
    c.keyword(8, "high-limit");
    String high = c.number(9, 0, 1000000000);
    c.keyword(10, "discard-probability");
    String prob = c.number(11, 0, 100);
    c.expectEnd(12);
    if (Long.parseLong(low) > Long.parseLong(high)) {
      throw CliError.message("The low-limit must not be greater than the high-limit.");
    }
    Map<String, String> m = new LinkedHashMap<>();
    m.put("IfIndex", ix);
    m.put("QueueID", q);
    m.put("DropLevel", level);
    if (c.undo()) {
      tables.put(WRED_DROP, EditOperation.REMOVE, m);
      return;
    }
    m.put("LowLimit", low);
    m.put("HighLimit", high);
    m.put("DiscardProb", prob);
    tables.put(WRED_DROP, EditOperation.MERGE, m);
  }
}
