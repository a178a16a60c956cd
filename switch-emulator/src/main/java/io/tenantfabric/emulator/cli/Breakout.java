package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.INTERFACES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFC_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFILTER;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.SRV;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_DROP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_QUEUE;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code using twohundredgige} splits FourHundredGigE1/0/N into TwoHundredGigE1/0/N:1 and :2 (new
 * IfIndex values above every existing one); {@code using fourhundredgige} on a child merges them
 * back (IfIndex N). The device's [Y/N] confirmation is not emulated ([G]). Each one is recorded as
 * a {@link PortSplit}, for the switch to move the cage's cable onto the new port name.
 */
final class Breakout {
  private final CliSession session;
  private final Tables tables;

  Breakout(CliSession session) {
    this.session = session;
    this.tables = session.tables();
  }

  void run(View v, String speed) throws CliError {
    Datastore ds = tables.datastore();
    TableSpec ifs = tables.table(INTERFACES);
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
      requireUnconfigured(r);
    }
    int next = 64;
    for (Row r : ds.rows(ifs)) {
      next = Math.max(next, Integer.parseInt(r.get("IfIndex")));
    }
    for (Row r : removed) {
      ds.remove(ifs, List.of(r.get("IfIndex")));
    }
    if (split) {
      create(ifs, Integer.toString(next + 1), "TwoHundredGigE1/0/" + port + ":1");
      create(ifs, Integer.toString(next + 2), "TwoHundredGigE1/0/" + port + ":2");
    } else {
      create(ifs, Integer.toString(port), "FourHundredGigE1/0/" + port);
    }
    session.splits().add(new PortSplit(port, split));
    session.leave();
  }

  private void requireUnconfigured(Row r) throws CliError {
    String ix = r.get("IfIndex");
    for (String t : List.of(SRV, PFC_PORT, WRED_QUEUE, WRED_DROP, QOS_PORT)) {
      if (tables.hasRows(t, "IfIndex", ix)) {
        throw CliError.message("Please remove the configuration of " + r.get("Name") + " first.");
      }
    }
    if (tables.hasRows(PFILTER, "AppObjIndex", ix)) {
      throw CliError.message("Please remove the configuration of " + r.get("Name") + " first.");
    }
  }

  private void create(TableSpec ifs, String ifIndex, String name) {
    Row r = new Row();
    for (var col : ifs.columns()) {
      if (col.defaultValue() != null) {
        r.put(col.key(), col.defaultValue());
      }
    }
    r.put("IfIndex", ifIndex);
    r.put("Name", name);
    r.put("AbbreviatedName", CliInterpreter.abbreviate(name));
    tables.datastore().put(ifs, r);
  }
}
