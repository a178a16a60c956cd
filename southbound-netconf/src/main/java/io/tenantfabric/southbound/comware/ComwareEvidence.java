package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.verify.Evidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An isolation finding's evidence as the lines a Comware switch shows for it ({@code display
 * current-configuration}), so that an operator or auditor reads it in the switch's own terms (a
 * port's extras too: every service instance with its encapsulation, every packet filter); the steps
 * of a segment across switches are prefixed with their switch.
 */
public final class ComwareEvidence {
  private ComwareEvidence() {}

  /** Every item's lines, in order. */
  public static List<String> lines(List<Evidence> evidence) {
    List<String> lines = new ArrayList<>();
    for (Evidence e : evidence) {
      lines(e, lines);
    }
    return lines;
  }

  private static void lines(Evidence e, List<String> out) {
    if (e instanceof Evidence.Port p) {
      port(p.port(), p.outboundAcl(), out);
    } else if (e instanceof Evidence.Vsi v) {
      out.add("vsi " + v.vsi().name());
      out.add(" vxlan " + v.vsi().vni().value());
    } else if (e instanceof Evidence.Acl a) {
      acl(a.acl(), out);
    } else if (e instanceof Evidence.Lossless l) {
      lossless(l.port().value(), l.settings(), out);
    } else if (e instanceof Evidence.Note n) {
      out.add(n.text());
    } else if (e instanceof Evidence.SegmentPort p) {
      String owner = p.owner() == null ? "free" : p.owner();
      out.add(p.switchName() + ": interface " + p.port() + " (" + owner + ")");
    } else if (e instanceof Evidence.SegmentCircuit c) {
      out.add(c.switchName() + ":  service-instance " + c.serviceInstance());
    } else if (e instanceof Evidence.SegmentVsi v) {
      out.add(v.switchName() + ": vsi " + v.vsi());
    } else if (e instanceof Evidence.SegmentVni v) {
      out.add("vxlan " + v.vni());
    } else if (e instanceof Evidence.VniCarrier c) {
      out.add(c.switchName() + ": vsi " + c.vsi() + " vxlan " + c.vni());
    } else {
      throw new IllegalArgumentException("no lines for " + e);
    }
  }

  private static void port(PortConfig p, String outboundAcl, List<String> out) {
    out.add("interface " + p.port().value());
    out.add(p.adminUp() ? " undo shutdown" : " shutdown");
    if (!p.description().isEmpty()) {
      out.add(" description " + p.description());
    }
    out.addAll(ComwareExtras.services(p, false));
    p.inboundAcl().ifPresent(a -> out.add(" packet-filter name " + a + " inbound"));
    List<String> extras = ComwareExtras.filtersAndQos(p);
    out.addAll(extras);
    String outbound = " packet-filter name " + outboundAcl + " outbound";
    // a reader hands an outbound filter over as an extra and in its outbound view: shown once
    if (outboundAcl != null && !extras.contains(outbound)) {
      out.add(outbound);
    }
  }

  private static void acl(AclConfig acl, List<String> out) {
    out.add("acl advanced name " + acl.name());
    for (AclRule r : acl.rules()) {
      StringBuilder b =
          new StringBuilder(" rule ")
              .append(r.id())
              .append(' ')
              .append(r.action().name().toLowerCase(Locale.ROOT))
              .append(" ip");
      r.source().ifPresent(s -> b.append(" source ").append(address(s)));
      r.destination().ifPresent(d -> b.append(" destination ").append(address(d)));
      if (r.counting()) {
        b.append(" counting");
      }
      out.add(b.toString());
    }
  }

  private static void lossless(String port, PortLossless l, List<String> out) {
    out.add("interface " + port);
    if (l.pfc()) {
      out.add(" priority-flow-control enable");
      out.add(" priority-flow-control no-drop dot1p " + l.priority());
    }
    if (l.ecn()) {
      out.add(" qos wred queue " + l.priority() + " ecn");
    }
    if (l.trustDscp()) {
      out.add(" qos trust dscp");
    }
    if (l.trustTunnelDot1p()) {
      out.add(" qos trust tunnel-dot1p");
    }
    if (l.deadlock()) {
      out.add(" priority-flow-control deadlock enable");
    }
    if (l.isEmpty()) {
      out.add(" (no lossless settings)");
    }
  }

  private static String address(Ipv4Prefix p) {
    return p.length() == 32 ? p.networkAddress() + " 0" : p.networkAddress() + " " + p.wildcard();
  }
}
