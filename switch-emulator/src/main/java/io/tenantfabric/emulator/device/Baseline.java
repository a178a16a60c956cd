package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.cli.CliInterpreter;
import io.tenantfabric.emulator.datastore.ComwareSchema;
import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.Schema;
import io.tenantfabric.emulator.datastore.TableSpec;
import io.tenantfabric.emulator.topology.SwitchLayout;
import java.util.TreeSet;

/**
 * The factory configuration of a switch: sysname {@code H3C} and its whole 400G ports
 * (FourHundredGigE1/0/N keeps IfIndex N), nothing else; the layout's breakouts, like every other
 * day-0 item, come with {@link Day0}.
 */
final class Baseline {
  private static final String FOUR_HUNDRED = "FourHundredGigE1/0/";
  private static final String TWO_HUNDRED = "TwoHundredGigE1/0/";

  private Baseline() {}

  /** A new datastore holding the factory configuration; a pure function of its inputs. */
  static Datastore factory(SwitchLayout layout, Schema schema) {
    Datastore ds = new Datastore(schema);
    TableSpec ifs = schema.table(ComwareSchema.INTERFACES);
    for (int n : wholePorts(layout)) {
      String name = FOUR_HUNDRED + n;
      Row r = new Row();
      r.put("IfIndex", Integer.toString(n));
      r.put("Name", name);
      r.put("AbbreviatedName", CliInterpreter.abbreviate(name));
      r.put("AdminStatus", "1");
      r.put("PortLayer", "1");
      r.put("LinkType", "1");
      r.put("PVID", "1");
      ds.put(ifs, r);
    }
    Row base = new Row();
    base.put("HostName", ComwareSchema.FACTORY_SYSNAME);
    ds.put(schema.table(ComwareSchema.DEVICE_BASE), base);
    return ds;
  }

  /** The numbers N of the layout's ports with their 200G halves merged back into port N. */
  static TreeSet<Integer> wholePorts(SwitchLayout layout) {
    TreeSet<Integer> out = new TreeSet<>();
    for (String p : layout.ports()) {
      if (p.startsWith(FOUR_HUNDRED)) {
        out.add(Integer.parseInt(p.substring(FOUR_HUNDRED.length())));
      } else if (p.startsWith(TWO_HUNDRED) && p.contains(":")) {
        out.add(Integer.parseInt(p.substring(TWO_HUNDRED.length(), p.indexOf(':'))));
      } else {
        throw new IllegalArgumentException("not a front-panel port of " + layout.name() + ": " + p);
      }
    }
    return out;
  }
}
