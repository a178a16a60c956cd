package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.cli.CliInterpreter;
import io.tenantfabric.emulator.cli.DeviceFacts;
import io.tenantfabric.emulator.cli.PortSplit;
import io.tenantfabric.emulator.datastore.ComwareSchema;
import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.topology.SwitchLayout;
import io.tenantfabric.emulator.topology.Underlay;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The installer's day-0 configuration of a switch, as the CLI lines the installer types: sysname,
 * LLDP, on a leaf l2vpn and the VXLAN tunnel source, the BGP EVPN block of its underlay, the
 * layout's breakouts and jumbo frames on every port. Applying it twice changes nothing.
 */
final class Day0 {
  /** The frame size every port of the fabric carries (RoCE with a 9000-byte MTU and headers). */
  static final String JUMBOFRAME = "jumboframe enable 9416";

  /** The interface whose address is the BGP session source (the loopback of the underlay). */
  static final String CONNECT_INTERFACE = "LoopBack0";

  private Day0() {}

  /**
   * The day-0 lines of {@code layout} for a switch whose interfaces are {@code existing}: a
   * breakout is made only where port N is still whole; a pure function of its inputs.
   */
  static List<String> lines(SwitchLayout layout, Set<String> existing) {
    List<String> out = new ArrayList<>();
    out.add("sysname " + layout.name());
    out.add("lldp global enable");
    Underlay u = layout.underlay();
    if (layout.leaf()) {
      out.add("l2vpn enable");
      if (u.loopback() != null) {
        out.add("tunnel global source-address " + u.loopback());
      }
    }
    if (!u.peers().isEmpty()) {
      out.add("bgp " + u.asNumber());
      for (String peer : u.peers()) {
        out.add(" peer " + peer + " as-number " + u.asNumber());
        out.add(" peer " + peer + " connect-interface " + CONNECT_INTERFACE);
      }
      out.add(" address-family l2vpn evpn");
      for (String peer : u.peers()) {
        out.add("  peer " + peer + " enable");
      }
      out.add("  quit");
      out.add(" quit");
    }
    Set<String> split = new LinkedHashSet<>();
    for (String p : layout.ports()) {
      if (p.startsWith("TwoHundredGigE1/0/")) {
        String whole =
            "FourHundredGigE1/0/" + p.substring("TwoHundredGigE1/0/".length(), p.indexOf(':'));
        if (existing.contains(whole)) {
          split.add(whole);
        }
      }
    }
    for (String whole : split) {
      out.add("interface " + whole);
      out.add(" using twohundredgige");
    }
    for (String p : layout.ports()) {
      out.add("interface " + p);
      out.add(" " + JUMBOFRAME);
      out.add(" quit");
    }
    return out;
  }

  /**
   * Applies the day-0 lines of {@code layout} to {@code ds} in place and returns the breakouts
   * made; an IllegalStateException with the CLI's echo when a line fails (a port to split still
   * carries configuration).
   */
  static List<PortSplit> apply(SwitchLayout layout, Datastore ds) {
    CliInterpreter cli = new CliInterpreter(ds, DeviceFacts.none());
    String echo = cli.configure(String.join("\n", lines(layout, interfaceNames(ds))));
    for (String line : echo.split("\n")) {
      if (!line.startsWith("[") && !line.startsWith("<") && !line.startsWith("System View:")) {
        throw new IllegalStateException(
            "the day-0 configuration of " + layout.name() + " failed: " + line + "\n" + echo);
      }
    }
    return cli.splits();
  }

  /** True when every day-0 item of {@code layout} is in {@code ds}. */
  static boolean isApplied(SwitchLayout layout, Datastore ds) {
    Datastore probe = ds.copy();
    try {
      apply(layout, probe);
    } catch (IllegalStateException e) {
      return false;
    }
    return probe.equals(ds);
  }

  private static Set<String> interfaceNames(Datastore ds) {
    Set<String> names = new LinkedHashSet<>();
    for (Row r : ds.rows(ds.schema().table(ComwareSchema.INTERFACES))) {
      names.add(r.get("Name"));
    }
    return names;
  }
}
