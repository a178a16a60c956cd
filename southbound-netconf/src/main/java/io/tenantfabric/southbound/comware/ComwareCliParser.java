package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.InvalidDeviceConfigException;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses Comware configuration text ({@code display current-configuration}, or what {@link
 * ComwareCli} renders) into observed tables: the read-back path for features whose XML the switch
 * refuses, and the only one for lossless QoS. Blocks start at column 0 and end at the next block or
 * at a {@code #} in column 0; {@code quit} lines are ignored.
 */
public final class ComwareCliParser {
  private static final Pattern RULE =
      Pattern.compile(
          "rule (\\d+) (permit|deny) ip"
              + "(?: source (\\S+) (\\S+))?"
              + "(?: destination (\\S+) (\\S+))?"
              + "( counting)?");
  private static final Pattern RULE_COMMENT = Pattern.compile("rule (\\d+) comment (.+)");
  private static final Pattern NO_DROP =
      Pattern.compile("priority-flow-control no-drop dot1p (\\d)");
  private static final Pattern WRED_ECN = Pattern.compile("qos wred queue (\\d) ecn");
  private static final Pattern WRED_THRESHOLDS =
      Pattern.compile("qos wred queue \\d (drop-level \\d .*|weighting-constant \\d+)");
  private static final Pattern PACKET_FILTER =
      Pattern.compile(
          "packet-filter(?: (ipv6|mac|user-defined))?(?: name)? (\\S+) (inbound|outbound)"
              + "(?: hardware-count)?");

  private ComwareCliParser() {}

  /**
   * Parses configuration text; only front-panel ports (FourHundredGigE, TwoHundredGigE) are kept.
   */
  public static ObservedConfig parse(String text) {
    ObservedConfig o = new ObservedConfig();
    String block = null;
    String subBlock = null;
    int srv = -1;
    Map<String, Map<Integer, String>> comments = new HashMap<>();
    Map<PortName, Lossless> qos = new TreeMap<>();
    PortName port = null;
    for (String raw : text.split("\\R")) {
      String line = raw.stripTrailing();
      String trimmed = line.strip();
      if (trimmed.isEmpty()
          || trimmed.startsWith("#")
          || trimmed.equals("quit")
          || trimmed.equals("return")) {
        if (trimmed.equals("quit") && indent(line) >= 2) {
          subBlock = null;
        }
        if (trimmed.startsWith("#") && indent(line) == 0) {
          // display current-configuration ends every view with "#": the one-space lines after
          // it are global (a switch prints global lines after its interfaces too), no port's
          block = null;
          subBlock = null;
          port = null;
        }
        continue;
      }
      int indent = indent(line);
      if (indent == 0) {
        block = trimmed;
        subBlock = null;
        port = null;
        if (trimmed.startsWith("vsi ")) {
          o.vsis.add(trimmed.substring(4).strip());
        } else if (trimmed.startsWith("acl advanced name ")) {
          o.acls.putIfAbsent(trimmed.substring(18).strip(), new ArrayList<>());
        } else if (trimmed.startsWith("interface ")) {
          port = portOrNull(trimmed.substring(10).strip());
          if (port != null) {
            o.portStates.put(port, new ObservedConfig.PortState(true, ""));
          }
        }
        continue;
      }
      if (block == null) {
        continue;
      }
      if (block.startsWith("vsi ")) {
        String vsi = block.substring(4).strip();
        if (trimmed.startsWith("vxlan ")) {
          o.vxlans.put(vsi, Integer.parseInt(trimmed.substring(6).strip()));
        }
      } else if (block.startsWith("acl advanced name ")) {
        String acl = block.substring(18).strip();
        Matcher c = RULE_COMMENT.matcher(trimmed);
        Matcher r = RULE.matcher(trimmed);
        if (c.matches()) {
          comments
              .computeIfAbsent(acl, a -> new HashMap<>())
              .put(Integer.parseInt(c.group(1)), c.group(2).strip());
        } else if (r.matches()) {
          o.acls
              .get(acl)
              .add(
                  new AclRule(
                      Integer.parseInt(r.group(1)),
                      r.group(2).equals("permit") ? AclAction.PERMIT : AclAction.DENY,
                      prefix(r.group(3), r.group(4)),
                      prefix(r.group(5), r.group(6)),
                      r.group(7) != null,
                      ""));
        } else if (trimmed.startsWith("rule ")) {
          o.anomaly("acl " + acl + " has a rule the model cannot express: " + trimmed);
        }
      } else if (port != null) {
        PortName p = port;
        if (indent >= 2 && subBlock != null) {
          if (trimmed.startsWith("xconnect vsi ")) {
            o.xconnect(p, srv, trimmed.substring(13).strip().split(" ")[0]);
          } else if (trimmed.startsWith("encapsulation ")) {
            o.service(p, srv, ComwareEncapsulation.fromCli(trimmed.substring(14)));
          }
          continue;
        }
        ObservedConfig.PortState st = o.portStates.get(p);
        if (trimmed.startsWith("service-instance ")) {
          srv = Integer.parseInt(trimmed.substring(17).strip());
          subBlock = trimmed;
          o.service(p, srv, ServiceEncapsulation.untagged());
        } else if (trimmed.startsWith("description ")) {
          o.portStates.put(
              p, new ObservedConfig.PortState(st.adminUp(), trimmed.substring(12).strip()));
        } else if (trimmed.equals("shutdown")) {
          o.portStates.put(p, new ObservedConfig.PortState(false, st.description()));
        } else if (trimmed.equals("undo shutdown")) {
          o.portStates.put(p, new ObservedConfig.PortState(true, st.description()));
        } else if (trimmed.startsWith("packet-filter ")) {
          packetFilter(o, p, trimmed);
        } else if (!lossless(qos.computeIfAbsent(p, k -> new Lossless()), trimmed)
            && isQos(trimmed)) {
          o.qosLine(p, trimmed);
        }
      }
    }
    for (Map.Entry<String, Map<Integer, String>> e : comments.entrySet()) {
      List<AclRule> rules = o.acls.get(e.getKey());
      for (int i = 0; i < rules.size(); i++) {
        AclRule r = rules.get(i);
        String comment = e.getValue().get(r.id());
        if (comment != null) {
          rules.set(
              i,
              new AclRule(r.id(), r.action(), r.source(), r.destination(), r.counting(), comment));
        }
      }
    }
    for (Map.Entry<PortName, Lossless> e : qos.entrySet()) {
      o.lossless.put(e.getKey(), e.getValue().toPortLossless(e.getKey(), o));
    }
    return o;
  }

  /**
   * A port's {@code packet-filter [ipv6 | mac | user-defined] {N | name NAME} inbound|outbound}, or
   * an anomaly for a form it cannot read.
   */
  private static void packetFilter(ObservedConfig o, PortName port, String line) {
    Matcher m = PACKET_FILTER.matcher(line);
    if (!m.matches()) {
      o.anomaly(port.value() + " has a packet filter the model cannot read: " + line);
      return;
    }
    PortExtra.PacketFilter.Family family =
        m.group(1) == null
            ? PortExtra.PacketFilter.Family.IPV4
            : PortExtra.PacketFilter.Family.valueOf(
                m.group(1).replace('-', '_').toUpperCase(Locale.ROOT));
    PortExtra.PacketFilter.Direction direction =
        PortExtra.PacketFilter.Direction.valueOf(m.group(3).toUpperCase(Locale.ROOT));
    try {
      o.packetFilter(port, new PortExtra.PacketFilter(m.group(2), direction, family));
    } catch (InvalidDeviceConfigException e) {
      o.anomaly(port.value() + ": " + e.getMessage());
    }
  }

  /** True for a QoS line of a port: lossless ones the parser accounts for never reach it. */
  private static boolean isQos(String line) {
    return line.startsWith("qos ") || line.startsWith("priority-flow-control ");
  }

  /**
   * Reads one of a port's lossless lines into {@code l}; false when the line is none of them. The
   * WRED drop-level and weighting-constant lines the driver writes with ECN are accounted for (the
   * model keeps no thresholds).
   */
  private static boolean lossless(Lossless l, String line) {
    Matcher noDrop = NO_DROP.matcher(line);
    Matcher ecn = WRED_ECN.matcher(line);
    if (line.equals("priority-flow-control enable")) {
      l.pfc = true;
    } else if (noDrop.matches()) {
      l.noDrop.add(Integer.parseInt(noDrop.group(1)));
    } else if (line.equals("priority-flow-control deadlock enable")) {
      l.deadlock = true;
    } else if (line.equals("qos trust dscp")) {
      l.trustDscp = true;
    } else if (line.equals("qos trust tunnel-dot1p")) {
      l.trustTunnel = true;
    } else if (ecn.matches()) {
      l.ecnQueues.add(Integer.parseInt(ecn.group(1)));
    } else {
      return WRED_THRESHOLDS.matcher(line).matches();
    }
    return true;
  }

  /** Per-port QoS lines while parsing. */
  private static final class Lossless {
    boolean pfc;
    boolean deadlock;
    boolean trustDscp;
    boolean trustTunnel;
    final List<Integer> noDrop = new ArrayList<>();
    final List<Integer> ecnQueues = new ArrayList<>();

    PortLossless toPortLossless(PortName port, ObservedConfig o) {
      if (noDrop.size() > 1 || ecnQueues.size() > 1) {
        o.anomaly(port.value() + " has more than one lossless priority");
      }
      boolean pfcOn = pfc && !noDrop.isEmpty();
      int prio = pfcOn ? noDrop.get(0) : ecnQueues.isEmpty() ? 0 : ecnQueues.get(0);
      boolean ecnOn = !ecnQueues.isEmpty() && ecnQueues.get(0) == prio;
      if (pfcOn && !ecnQueues.isEmpty() && !ecnOn) {
        o.anomaly(port.value() + " has ECN on a queue other than its no-drop priority");
      }
      return new PortLossless(prio, pfcOn, ecnOn, trustDscp, trustTunnel, deadlock && pfcOn);
    }
  }

  private static Optional<Ipv4Prefix> prefix(String address, String wildcard) {
    return address == null ? Optional.empty() : Optional.of(Wildcards.prefix(address, wildcard));
  }

  private static PortName portOrNull(String name) {
    try {
      return new PortName(name);
    } catch (IllegalArgumentException notFrontPanel) {
      return null;
    }
  }

  private static int indent(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i;
  }
}
