package io.tenantfabric.emulator.device;

import io.tenantfabric.emulator.datastore.ComwareSchema;
import io.tenantfabric.emulator.datastore.Datastore;
import io.tenantfabric.emulator.datastore.Row;
import io.tenantfabric.emulator.datastore.Schema;
import io.tenantfabric.emulator.datastore.TableSpec;
import io.tenantfabric.emulator.identity.Product;
import io.tenantfabric.emulator.lldp.LldpAgent;
import io.tenantfabric.emulator.lldp.Neighbour;
import io.tenantfabric.emulator.lldp.PortLink;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state data a {@code get} reads, written into a copy of running: what only the device knows
 * (its cables, LLDP, clock and identity) goes into the rows of that copy, under the keys of the
 * schema's supplied state columns. Not thread-safe: built under the device's monitor.
 */
final class StateView {
  /** What the device itself knows: serial number, uptime, and the time now. */
  record Facts(String serialNumber, Duration uptime, Instant now) {}

  /** {@code Device/Base/LocalTime}: the clock in UTC, to the second. */
  private static final DateTimeFormatter LOCAL_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

  private StateView() {}

  /**
   * A copy of {@code running} with the state filled in, the LLDP neighbours only with an {@code
   * lldp} agent (null: none asked for); the copy is the caller's.
   */
  static Datastore of(Datastore running, Map<String, PortLink> links, LldpAgent lldp, Facts facts) {
    Datastore v = running.copy();
    Schema schema = v.schema();
    TableSpec ifs = schema.table(ComwareSchema.INTERFACES);
    for (Row r : new ArrayList<>(v.rows(ifs))) {
      Row c = r.copy();
      boolean up = links.containsKey(r.get("Name")) && "1".equals(r.get("AdminStatus"));
      c.put("OperStatus", up ? "1" : "2");
      v.put(ifs, c);
    }
    TableSpec neighbours = schema.table(ComwareSchema.LLDP_NEIGHBORS);
    List<Neighbour> heard =
        lldp == null
            ? List.of()
            : lldp.neighbours(lldpEnabled(running), ports(running), links, facts.now());
    for (Neighbour n : heard) {
      Row r = new Row();
      r.put("TimeMark", Long.toString(n.timeMark()));
      r.put("IfIndex", n.ifIndex());
      r.put("NeighborIndex", "1");
      r.put("SystemName", n.heard().systemName());
      r.put("ChassisID", n.heard().chassisId());
      r.put("PortID", n.heard().portId());
      v.put(neighbours, r);
    }
    TableSpec base = schema.table(ComwareSchema.DEVICE_BASE);
    Row device = v.row(base, List.of()).map(Row::copy).orElseGet(Row::new);
    if (!device.has("HostName")) {
      device.put("HostName", ComwareSchema.FACTORY_SYSNAME);
    }
    device.put("Uptime", Long.toString(facts.uptime().getSeconds()));
    device.put(
        "LocalTime", LOCAL_TIME.format(LocalDateTime.ofInstant(facts.now(), ZoneOffset.UTC)));
    v.put(base, device);
    Row inventory = new Row();
    inventory.put("HardwareRev", Product.HARDWARE_REV);
    inventory.put("SoftwareRev", Product.SOFTWARE_REV);
    inventory.put("SerialNum", facts.serialNumber());
    inventory.put("ModelName", Product.MODEL_NAME);
    v.put(schema.table(ComwareSchema.LLDP_INVENTORY), inventory);
    return v;
  }

  /** True when {@code lldp global enable} is configured. */
  static boolean lldpEnabled(Datastore ds) {
    return ds.row(ds.schema().table(ComwareSchema.CLI_GLOBAL), List.of())
        .map(r -> "true".equals(r.get("LldpGlobalEnable")))
        .orElse(false);
  }

  /** The switch's interfaces, name to IfIndex, in IfIndex order. */
  static Map<String, String> ports(Datastore ds) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Row r : ds.rows(ds.schema().table(ComwareSchema.INTERFACES))) {
      out.put(r.get("Name"), r.get("IfIndex"));
    }
    return out;
  }
}
