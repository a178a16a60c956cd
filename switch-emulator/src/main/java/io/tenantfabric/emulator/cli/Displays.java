package io.tenantfabric.emulator.cli;

import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.identity.Product;
import io.tenantfabric.emulator.lldp.Neighbour;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The {@code display} commands of user view: the configuration, the version, the manufacturing
 * information and the LLDP neighbour list. The texts other than the configuration follow Comware 7
 * in form; their exact layout is the emulator's (docs/emulator.md).
 */
final class Displays {
  /** {@code display lldp neighbor-information list}: column widths of the first three columns. */
  static final String NEIGHBOUR_ROW = "%-20s %-15s %-14s %s%n";

  private Displays() {}

  /** The text of {@code display ...}, or throws the CLI error a switch prints. */
  static String of(CliCommand c, Datastore ds, DeviceFacts facts) throws CliError {
    List<String> t = c.tokens();
    if (t.size() >= 2 && "current-configuration".startsWith(t.get(1)) && t.get(1).length() >= 3) {
      c.expectEnd(2);
      return CurrentConfiguration.render(ds);
    }
    if (t.size() >= 2 && t.get(1).equals("version")) {
      c.expectEnd(2);
      return version(facts.uptime());
    }
    if (t.size() >= 2 && t.get(1).equals("device")) {
      c.keyword(2, "manuinfo");
      c.expectEnd(3);
      return manuinfo(facts);
    }
    if (t.size() >= 2 && t.get(1).equals("lldp")) {
      c.keyword(2, "neighbor-information");
      c.keyword(3, "list");
      c.expectEnd(4);
      return neighbours(facts.neighbours());
    }
    throw CliError.unrecognized(Math.min(1, t.size() - 1));
  }

  static String version(Duration uptime) {
    return "H3C Comware Software, Version "
        + Product.SOFTWARE_REV
        + "\n"
        + "Copyright (c) 2004-2024 New H3C Technologies Co., Ltd. All rights reserved.\n"
        + Product.MODEL_NAME
        + " uptime is "
        + uptime(uptime)
        + "\n"
        + "Last reboot reason : Cold reboot\n"
        + "\n"
        + "Boot image: flash:/S9825-CMW710-BOOT-R6710.bin\n"
        + "Boot image version: "
        + Product.SOFTWARE_REV
        + "\n"
        + "System image: flash:/S9825-CMW710-SYSTEM-R6710.bin\n"
        + "System image version: "
        + Product.SOFTWARE_REV
        + "\n";
  }

  /** {@code 0 weeks, 2 days, 1 hour, 5 minutes}, as Comware counts uptime. */
  static String uptime(Duration d) {
    long minutes = Math.max(0, d.toMinutes());
    long weeks = minutes / (7 * 24 * 60);
    long days = minutes / (24 * 60) % 7;
    long hours = minutes / 60 % 24;
    return unit(weeks, "week")
        + ", "
        + unit(days, "day")
        + ", "
        + unit(hours, "hour")
        + ", "
        + unit(minutes % 60, "minute");
  }

  private static String unit(long n, String name) {
    return n + " " + name + (n == 1 ? "" : "s");
  }

  static String manuinfo(DeviceFacts facts) {
    return "Slot 1 CPU 0:\n"
        + "DEVICE_NAME          : "
        + Product.DEVICE_NAME
        + "\n"
        + "DEVICE_SERIAL_NUMBER : "
        + facts.serialNumber()
        + "\n"
        + "MAC_ADDRESS          : "
        + facts.bridgeMac().toUpperCase(Locale.ROOT)
        + "\n"
        + "MANUFACTURING_DATE   : "
        + facts.manufacturingDate()
        + "\n"
        + "VENDOR_NAME          : "
        + Product.VENDOR
        + "\n";
  }

  /** A header, then one row per neighbour: system name, local port (abbreviated), chassis, port. */
  static String neighbours(List<Neighbour> neighbours) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(NEIGHBOUR_ROW, "System Name", "Local Interface", "Chassis ID", "Port ID"));
    for (Neighbour n : neighbours) {
      b.append(
          String.format(
              NEIGHBOUR_ROW,
              n.heard().systemName(),
              CliInterpreter.abbreviate(n.localPort()),
              n.heard().chassisId(),
              n.heard().portId()));
    }
    return b.toString();
  }
}
