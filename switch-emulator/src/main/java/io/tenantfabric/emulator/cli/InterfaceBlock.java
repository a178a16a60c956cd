package io.tenantfabric.emulator.cli;

import static io.tenantfabric.emulator.datastore.ComwareSchema.AC;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFC_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.PFILTER;
import static io.tenantfabric.emulator.datastore.ComwareSchema.QOS_PORT;
import static io.tenantfabric.emulator.datastore.ComwareSchema.RAW_LINES;
import static io.tenantfabric.emulator.datastore.ComwareSchema.SRV;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_DROP;
import static io.tenantfabric.emulator.datastore.ComwareSchema.WRED_QUEUE;

import io.tenantfabric.emulator.datastore.Row;
import java.util.List;
import java.util.Map;

/**
 * One {@code interface} block of {@code display current-configuration}: the port's own lines, then
 * its lossless settings (PFC, trust, WRED), the lines kept as text, its packet-filters and its
 * service instances with their VSI bindings.
 */
final class InterfaceBlock {
  /** The family keyword of a packet filter by its AppAclType; IPv4 (1) has none. */
  private static final Map<String, String> FILTER_FAMILY =
      Map.of("2", "ipv6 ", "3", "mac ", "4", "user-defined ");

  private final Tables tables;
  private final StringBuilder b;
  private final String ix;
  private final String name;

  private InterfaceBlock(Tables tables, Row i, StringBuilder b) {
    this.tables = tables;
    this.b = b;
    this.ix = i.get("IfIndex");
    this.name = i.get("Name");
  }

  static void render(Tables tables, Row i, StringBuilder b) {
    InterfaceBlock block = new InterfaceBlock(tables, i, b);
    block.port(i);
    block.pfc();
    block.trust();
    block.wred();
    block.rawLines();
    block.packetFilters();
    block.serviceInstances();
    b.append("#\n");
  }

  private void port(Row i) {
    b.append("interface ").append(name).append('\n');
    b.append(" port link-mode ")
        .append("1".equals(i.get("PortLayer")) ? "bridge" : "route")
        .append('\n');
    if (i.get("Description") != null && !i.get("Description").isEmpty()) {
      b.append(" description ").append(i.get("Description")).append('\n');
    }
    if ("2".equals(i.get("AdminStatus"))) {
      b.append(" shutdown\n");
    }
  }

  private void pfc() {
    tables
        .row(PFC_PORT, List.of(ix))
        .ifPresent(
            p -> {
              if ("1".equals(p.get("Enable"))) {
                b.append(" priority-flow-control enable\n");
              } else if ("3".equals(p.get("Enable"))) {
                b.append(" priority-flow-control auto\n");
              }
              if (p.get("NoDropDot1p") != null) {
                b.append(" priority-flow-control no-drop dot1p ")
                    .append(p.get("NoDropDot1p").replace(',', ' '))
                    .append('\n');
              }
              if ("true".equals(p.get("DeadlockEnable"))) {
                b.append(" priority-flow-control deadlock enable\n");
              }
            });
  }

  private void trust() {
    tables
        .row(QOS_PORT, List.of(ix))
        .ifPresent(
            q -> {
              if (q.get("Trust") != null) {
                b.append(" qos trust ").append(q.get("Trust")).append('\n');
              }
              if ("true".equals(q.get("TrustTunnelDot1p"))) {
                b.append(" qos trust tunnel-dot1p\n");
              }
            });
  }

  private void wred() {
    for (Row d : tables.rows(WRED_DROP)) {
      if (ix.equals(d.get("IfIndex"))) {
        b.append(" qos wred queue ")
            .append(d.get("QueueID"))
            .append(" drop-level ")
            .append(d.get("DropLevel"))
            .append(" low-limit ")
            .append(d.get("LowLimit"))
            .append(" high-limit ")
            .append(d.get("HighLimit"))
            .append(" discard-probability ")
            .append(d.get("DiscardProb"))
            .append('\n');
      }
    }
    for (Row q : tables.rows(WRED_QUEUE)) {
      if (ix.equals(q.get("IfIndex"))) {
        if (q.get("WeightingConstant") != null) {
          b.append(" qos wred queue ")
              .append(q.get("QueueID"))
              .append(" weighting-constant ")
              .append(q.get("WeightingConstant"))
              .append('\n');
        }
        if ("true".equals(q.get("ECN"))) {
          b.append(" qos wred queue ").append(q.get("QueueID")).append(" ecn\n");
        }
      }
    }
  }

  private void rawLines() {
    for (Row r : tables.rows(RAW_LINES)) {
      if (name.equals(r.get("Scope"))) {
        b.append(' ').append(r.get("Text")).append('\n');
      }
    }
  }

  /** The words after {@code encapsulation} for an SRV row's Encap code and VLAN ranges. */
  private static String encapsulation(Row s) {
    String sv = s.get("SVlanRange");
    String cv = s.get("CVlanRange");
    return switch (s.get("Encap")) {
      case "1" -> "default";
      case "2" -> "untagged";
      case "3" -> "tagged";
      case "4", "11" -> "s-vid " + sv;
      case "5", "12" -> "s-vid " + sv + " only-tagged";
      case "6", "9" -> "s-vid " + sv + " c-vid " + cv;
      case "7", "8" -> "c-vid " + cv;
      case "10" -> "s-vid " + sv + " c-vid all";
      default -> "untagged";
    };
  }

  private void packetFilters() {
    for (Row p : tables.rows(PFILTER)) {
      if ("1".equals(p.get("AppObjType")) && ix.equals(p.get("AppObjIndex"))) {
        b.append(" packet-filter ")
            .append(FILTER_FAMILY.getOrDefault(p.get("AppAclType"), ""))
            .append("name ")
            .append(p.get("AppAclGroup"))
            .append("1".equals(p.get("AppDirection")) ? " inbound" : " outbound")
            .append('\n');
      }
    }
  }

  private void serviceInstances() {
    for (Row s : tables.rows(SRV)) {
      if (!ix.equals(s.get("IfIndex"))) {
        continue;
      }
      b.append(" service-instance ").append(s.get("SrvID")).append('\n');
      String e = s.get("Encap");
      if (e != null) {
        b.append("  encapsulation ").append(encapsulation(s)).append('\n');
      }
      tables
          .row(AC, List.of(ix, s.get("SrvID")))
          .ifPresent(
              ac -> {
                b.append("  xconnect vsi ").append(ac.get("VsiName"));
                if ("1".equals(ac.get("AccessMode"))) {
                  b.append(" access-mode vlan");
                }
                b.append('\n');
              });
    }
  }
}
