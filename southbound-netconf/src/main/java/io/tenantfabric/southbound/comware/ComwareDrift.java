package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.drift.ConfigPart;

/**
 * One side of a drift item as one line in Comware's terms ({@code vsi t-acme vxlan 10005}, {@code
 * interface FourHundredGigE1/0/5 up service-instance 1 vsi t-acme ...}, an extra as {@code
 * interface FourHundredGigE1/0/5 service-instance 2 encapsulation s-vid 100 xconnect vsi t-a}), as
 * the reconciler stores and the API shows it.
 */
public final class ComwareDrift {
  private ComwareDrift() {}

  /** The line of {@code part}; null for null (the side that has no such object). */
  public static String line(ConfigPart part) {
    if (part == null) {
      return null;
    } else if (part instanceof ConfigPart.Lossless l) {
      return lossless(l.baseline());
    } else if (part instanceof ConfigPart.Vsi v) {
      return vsi(v.vsi());
    } else if (part instanceof ConfigPart.Port p) {
      return port(p.port());
    } else if (part instanceof ConfigPart.Acl a) {
      return acl(a.acl());
    } else if (part instanceof ConfigPart.Extra e) {
      return "interface " + e.port().value() + " " + ComwareExtras.line(e.extra());
    } else if (part instanceof ConfigPart.Unmodeled u) {
      return u.text();
    }
    throw new IllegalArgumentException("no line for " + part);
  }

  private static String vsi(VsiConfig v) {
    return "vsi " + v.name() + " vxlan " + v.vni().value();
  }

  private static String port(PortConfig p) {
    StringBuilder b = new StringBuilder("interface ").append(p.port().value());
    b.append(p.adminUp() ? " up" : " shutdown");
    if (!p.description().isEmpty()) {
      b.append(" description '").append(p.description()).append('\'');
    }
    p.binding()
        .ifPresent(
            s ->
                b.append(" service-instance ")
                    .append(s.srvId())
                    .append(" vsi ")
                    .append(s.vsiName()));
    p.inboundAcl().ifPresent(a -> b.append(" packet-filter ").append(a).append(" inbound"));
    return b.toString();
  }

  private static String acl(AclConfig a) {
    StringBuilder b = new StringBuilder("acl ").append(a.name());
    for (AclRule r : a.rules()) {
      b.append("; rule ").append(r.id()).append(' ').append(r.action().name().toLowerCase());
      r.source().ifPresent(s -> b.append(" source ").append(s));
      r.destination().ifPresent(d -> b.append(" destination ").append(d));
      if (r.counting()) {
        b.append(" counting");
      }
    }
    return b.toString();
  }

  private static String lossless(LosslessBaseline l) {
    return l.isEmpty()
        ? "no lossless baseline"
        : "priority "
            + l.rocePriority()
            + (l.pfcEnabled() ? " pfc" : "")
            + (l.ecnEnabled() ? " ecn" : "")
            + (l.trustDscp() ? " trust-dscp" : "")
            + (l.trustTunnelDot1p() ? " trust-tunnel-dot1p" : "")
            + (l.deadlockDetection() ? " deadlock-detection" : "")
            + " on "
            + l.ports().size()
            + " ports";
  }
}
