package io.tenantfabric.model.compile;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.topology.PortName;
import java.util.Locale;
import java.util.Optional;

/**
 * A stable, vendor-neutral text form of a {@link DeviceConfig} for golden files: one line per
 * object, in the config's own (sorted) order. Not Comware CLI; the driver's goldens pin that.
 */
public final class DeviceConfigText {

  private DeviceConfigText() {}

  /** The whole config, one line per object. */
  public static String render(DeviceConfig config) {
    StringBuilder out = new StringBuilder();
    out.append("device ").append(config.device()).append(' ').append(config.role()).append('\n');
    lossless(out, config.lossless(), !config.ports().isEmpty());
    for (VsiConfig vsi : config.vsis().values()) {
      out.append(vsi(vsi)).append('\n');
    }
    for (AclConfig acl : config.acls().values()) {
      out.append("acl ").append(acl.name()).append('\n');
      for (AclRule rule : acl.rules()) {
        out.append(rule(rule)).append('\n');
      }
    }
    for (PortConfig port : config.ports().values()) {
      out.append(port(port)).append('\n');
    }
    return out.toString();
  }

  /** A VSI: {@code vsi t-acme vni 10005 tenant acme}. */
  public static String vsi(VsiConfig vsi) {
    return "vsi " + vsi.name() + " vni " + vsi.vni() + " tenant " + vsi.tenant();
  }

  private static void lossless(StringBuilder out, LosslessBaseline b, boolean managedPorts) {
    if (b.isEmpty()) {
      out.append("lossless none\n");
      return;
    }
    out.append("lossless priority ").append(b.rocePriority());
    flag(out, b.pfcEnabled(), "pfc");
    flag(out, b.ecnEnabled(), "ecn");
    flag(out, b.trustDscp(), "trust-dscp");
    flag(out, b.trustTunnelDot1p(), "trust-tunnel-dot1p");
    flag(out, b.deadlockDetection(), "deadlock-detection");
    out.append(
        managedPorts
            ? " on these fabric ports and every managed port\n"
            : " on these fabric ports\n");
    for (PortName p : b.ports()) {
      out.append(" fabric-port ").append(p).append('\n');
    }
  }

  private static void flag(StringBuilder out, boolean on, String name) {
    if (on) {
      out.append(' ').append(name);
    }
  }

  /** An ACL rule, indented under its ACL: {@code rule 10 permit source ... destination ...}. */
  public static String rule(AclRule rule) {
    StringBuilder out = new StringBuilder();
    out.append(" rule ").append(rule.id()).append(' ');
    out.append(rule.action().name().toLowerCase(Locale.ROOT));
    out.append(" source ").append(prefix(rule.source()));
    out.append(" destination ").append(prefix(rule.destination()));
    if (rule.counting()) {
      out.append(" counting");
    }
    if (!rule.comment().isEmpty()) {
      out.append(" comment \"").append(rule.comment()).append('"');
    }
    return out.toString();
  }

  private static String prefix(Optional<Ipv4Prefix> p) {
    return p.map(Ipv4Prefix::toString).orElse("any");
  }

  /** A port: {@code port P up description "..." service-instance 1 vsi V packet-filter ...}. */
  public static String port(PortConfig port) {
    StringBuilder out = new StringBuilder();
    out.append("port ").append(port.port()).append(port.adminUp() ? " up" : " shutdown");
    if (!port.description().isEmpty()) {
      out.append(" description \"").append(port.description()).append('"');
    }
    port.binding()
        .ifPresent(
            b ->
                out.append(" service-instance ")
                    .append(b.srvId())
                    .append(" vsi ")
                    .append(b.vsiName()));
    port.inboundAcl().ifPresent(a -> out.append(" packet-filter inbound ").append(a));
    for (PortExtra e : port.extras()) {
      out.append(" extra ").append(extra(e));
    }
    return out.toString();
  }

  /**
   * An extra in neutral words: {@code service-instance 2 match SERVICE_VLAN 100 vsi t-a}, {@code
   * packet-filter ipv4 outbound t-a-in}, {@code qos "..."}.
   */
  public static String extra(PortExtra e) {
    if (e instanceof PortExtra.Service s) {
      ServiceEncapsulation m = s.encapsulation();
      StringBuilder out = new StringBuilder(s.key()).append(" match ").append(m.kind());
      for (String part : new String[] {m.serviceVlans(), m.customerVlans()}) {
        if (!part.isEmpty()) {
          out.append(' ').append(part);
        }
      }
      if (!m.unreadable().isEmpty()) {
        out.append(" \"").append(m.unreadable()).append('"');
      }
      out.append(" vsi ").append(s.vsi().orElse("none"));
      return out.toString();
    } else if (e instanceof PortExtra.Qos q) {
      return "qos \"" + q.text() + '"';
    }
    return e.key();
  }
}
