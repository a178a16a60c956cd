package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.cli.CliInterpreter;
import io.tenantfabric.emulator.datastore.ComwareSchema;
import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.Schema;
import io.tenantfabric.emulator.datastore.TableSpec;
import io.tenantfabric.emulator.topology.SwitchLayout;

/** The factory configuration of a switch: its ports, and l2vpn enabled on a leaf. */
final class Baseline {
  private Baseline() {}

  /** A new datastore holding the baseline of {@code layout}; a pure function of its inputs. */
  static Datastore of(SwitchLayout layout, Schema schema) {
    Datastore ds = new Datastore(schema);
    TableSpec ifs = schema.table(ComwareSchema.INTERFACES);
    int nextBreakoutIndex = 65;
    for (String p : layout.ports()) {
      Row r = new Row();
      int index;
      if (p.startsWith("FourHundredGigE1/0/")) {
        index = Integer.parseInt(p.substring("FourHundredGigE1/0/".length()));
      } else {
        index = nextBreakoutIndex++;
      }
      r.put("IfIndex", Integer.toString(index));
      r.put("Name", p);
      r.put("AbbreviatedName", CliInterpreter.abbreviate(p));
      r.put("AdminStatus", "1");
      r.put("PortLayer", "1");
      r.put("LinkType", "1");
      r.put("PVID", "1");
      ds.put(ifs, r);
    }
    if ("LEAF".equals(layout.role())) {
      // Day-0 underlay assumed by comware-facts.md §5: l2vpn enable on every leaf.
      Row base = new Row();
      base.put("Enable", "true");
      ds.put(schema.table(ComwareSchema.L2VPN_BASE), base);
    }
    return ds;
  }
}
