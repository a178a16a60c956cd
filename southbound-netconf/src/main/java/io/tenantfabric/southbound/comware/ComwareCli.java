package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Renders edit steps and whole configs as Comware system-view CLI lines (comware-facts.md sections
 * 5 step 2-fallback, 5 step 4b and 6), sent in {@code <CLI><Configuration>}. Every value that
 * reaches a line has been validated by the model (no spaces, printable ASCII).
 */
public final class ComwareCli {
  /** WRED thresholds from the H3C 400G RoCE template (section 5 step 4b); tune on real hardware. */
  static final int WRED_LOW = 6000;

  static final int WRED_HIGH = 12000;
  static final int WRED_PROBABILITY = 40;

  private ComwareCli() {}

  /**
   * The CLI of a group: each step's block in order (every block starts and ends in system view).
   */
  public static List<String> render(EditGroup group) {
    List<String> l = new ArrayList<>();
    for (EditStep step : group.steps()) {
      l.addAll(render(step));
    }
    return l;
  }

  /** The CLI of one step; works for every feature (the fallback and the only QoS form). */
  public static List<String> render(EditStep step) {
    List<String> l = new ArrayList<>();
    if (step instanceof EditStep.SetPortState s) {
      l.add("interface " + s.port().value());
      l.add(s.description().isEmpty() ? " undo description" : " description " + s.description());
      l.add(s.adminUp() ? " undo shutdown" : " shutdown");
      l.add(" quit");
    } else if (step instanceof EditStep.CreateVsi s) {
      l.add("vsi " + s.vsi());
      l.add(" quit");
    } else if (step instanceof EditStep.DeleteVsi s) {
      l.add("undo vsi " + s.vsi());
    } else if (step instanceof EditStep.MapVxlan s) {
      l.add("vsi " + s.vsi());
      l.add(" vxlan " + s.vni().value());
      l.add(" quit");
    } else if (step instanceof EditStep.UnmapVxlan s) {
      l.add("vsi " + s.vsi());
      l.add(" undo vxlan");
      l.add(" quit");
    } else if (step instanceof EditStep.CreateService s) {
      l.add("interface " + s.port().value());
      // service instances need a layer-2 port; the XML path sets no PortLayer (day-0 decides)
      l.add(" port link-mode bridge");
      l.add(" service-instance " + s.srvId());
      l.add("  encapsulation untagged");
      l.add("  quit");
      l.add(" quit");
    } else if (step instanceof EditStep.RemoveService s) {
      l.add("interface " + s.port().value());
      l.add(" undo service-instance " + s.srvId());
      l.add(" quit");
    } else if (step instanceof EditStep.Attach s) {
      l.add("interface " + s.port().value());
      l.add(" service-instance " + s.srvId());
      l.add("  xconnect vsi " + s.vsi());
      l.add("  quit");
      l.add(" quit");
    } else if (step instanceof EditStep.Detach s) {
      l.add("interface " + s.port().value());
      l.add(" service-instance " + s.srvId());
      l.add("  undo xconnect vsi");
      l.add("  quit");
      l.add(" quit");
    } else if (step instanceof EditStep.CreateAcl s) {
      l.add("acl advanced name " + s.acl());
      l.add(" quit");
    } else if (step instanceof EditStep.DeleteAcl s) {
      l.add("undo acl advanced name " + s.acl());
    } else if (step instanceof EditStep.AddRule s) {
      l.add("acl advanced name " + s.acl());
      ruleLines(l, s.rule());
      l.add(" quit");
    } else if (step instanceof EditStep.RemoveRule s) {
      l.add("acl advanced name " + s.acl());
      l.add(" undo rule " + s.ruleId());
      l.add(" quit");
    } else if (step instanceof EditStep.ApplyFilter s) {
      l.add("interface " + s.port().value());
      l.add(" packet-filter name " + s.acl() + " inbound");
      l.add(" quit");
    } else if (step instanceof EditStep.RemoveFilter s) {
      l.add("interface " + s.port().value());
      l.add(" undo packet-filter name " + s.acl() + " inbound");
      l.add(" quit");
    } else if (step instanceof EditStep.RemoveExtraFilter s) {
      l.add("interface " + s.port().value());
      l.add(" undo " + ComwareExtras.filter(s.filter()));
      l.add(" quit");
    } else if (step instanceof EditStep.RemoveQos s) {
      l.add("interface " + s.port().value());
      // Comware removes an interface setting by its undo form (comware-facts.md section 6)
      l.add(" undo " + s.line());
      l.add(" quit");
    } else if (step instanceof EditStep.SetLossless s) {
      l.add("interface " + s.port().value());
      losslessLines(l, s.from(), s.to());
      l.add(" quit");
    } else {
      throw new IllegalArgumentException("no CLI form for " + step.describe());
    }
    return l;
  }

  /**
   * The whole managed state as the CLI of {@code display current-configuration} shows it: VSIs,
   * ACLs, then one block per port (managed ports and lossless-only ports) in port order, a port's
   * extras included.
   */
  public static List<String> render(DeviceConfig config) {
    List<String> l = new ArrayList<>();
    for (VsiConfig v : config.vsis().values()) {
      l.add("vsi " + v.name());
      l.add(" vxlan " + v.vni().value());
      l.add(" quit");
    }
    for (AclConfig a : config.acls().values()) {
      l.add("acl advanced name " + a.name());
      for (AclRule r : a.rules()) {
        ruleLines(l, r);
      }
      l.add(" quit");
    }
    PortLossless lossless = PortLossless.of(config.lossless());
    SortedSet<PortName> all = new TreeSet<>(PortOrder.NATURAL);
    SortedSet<PortName> losslessPorts = config.losslessPorts(); // a new set per call
    all.addAll(config.ports().keySet());
    all.addAll(losslessPorts);
    for (PortName port : all) {
      l.add("interface " + port.value());
      PortConfig p = config.ports().get(port);
      if (p != null) {
        if (!p.description().isEmpty()) {
          l.add(" description " + p.description());
        }
        l.add(p.adminUp() ? " undo shutdown" : " shutdown");
        l.addAll(ComwareExtras.services(p, true));
        p.inboundAcl().ifPresent(acl -> l.add(" packet-filter name " + acl + " inbound"));
        l.addAll(ComwareExtras.filtersAndQos(p));
      }
      if (losslessPorts.contains(port)) {
        losslessLines(l, PortLossless.NONE, lossless);
      }
      l.add(" quit");
    }
    return l;
  }

  static void ruleLines(List<String> l, AclRule r) {
    StringBuilder b = new StringBuilder(" rule ").append(r.id());
    b.append(r.action() == AclAction.PERMIT ? " permit ip" : " deny ip");
    r.source().ifPresent(p -> b.append(" source ").append(addr(p)));
    r.destination().ifPresent(p -> b.append(" destination ").append(addr(p)));
    if (r.counting()) {
      b.append(" counting");
    }
    l.add(b.toString());
    if (!r.comment().isEmpty()) {
      l.add(" rule " + r.id() + " comment " + r.comment());
    }
  }

  private static String addr(Ipv4Prefix p) {
    return Wildcards.address(p) + " " + Wildcards.wildcard(p);
  }

  /** Lines that take a port from one lossless setting to another: undo what goes, then add. */
  static void losslessLines(List<String> l, PortLossless from, PortLossless to) {
    boolean prioChanges = from.priority() != to.priority();
    if (from.deadlock() && !to.deadlock()) {
      l.add(" undo priority-flow-control deadlock enable");
    }
    if (from.ecn() && (!to.ecn() || prioChanges)) {
      l.add(" undo qos wred queue " + from.priority() + " ecn");
    }
    if (from.pfc() && (!to.pfc() || prioChanges)) {
      l.add(" undo priority-flow-control no-drop dot1p " + from.priority());
      if (!to.pfc()) {
        l.add(" undo priority-flow-control");
      }
    }
    if (from.trustDscp() && !to.trustDscp()) {
      l.add(" undo qos trust dscp");
    }
    if (from.trustTunnelDot1p() && !to.trustTunnelDot1p()) {
      l.add(" undo qos trust tunnel-dot1p");
    }
    if (to.pfc() && (!from.pfc() || prioChanges)) {
      if (!from.pfc()) {
        l.add(" priority-flow-control enable");
      }
      l.add(" priority-flow-control no-drop dot1p " + to.priority());
    }
    if (to.deadlock() && !from.deadlock()) {
      l.add(" priority-flow-control deadlock enable");
    }
    if (to.trustDscp() && !from.trustDscp()) {
      l.add(" qos trust dscp");
    }
    if (to.trustTunnelDot1p() && !from.trustTunnelDot1p()) {
      l.add(" qos trust tunnel-dot1p");
    }
    if (to.ecn() && (!from.ecn() || prioChanges)) {
      int q = to.priority();
      for (int level = 0; level <= 2; level++) {
        l.add(
            " qos wred queue "
                + q
                + " drop-level "
                + level
                + " low-limit "
                + WRED_LOW
                + " high-limit "
                + WRED_HIGH
                + " discard-probability "
                + WRED_PROBABILITY);
      }
      l.add(" qos wred queue " + q + " weighting-constant 0");
      l.add(" qos wred queue " + q + " ecn");
    }
  }

  /** Convenience for tests and logs: lines joined with newlines, as sent in the RPC. */
  public static String text(List<String> lines) {
    return String.join("\n", lines);
  }
}
