package io.tenantfabric.model.verify;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Observed objects as the lines a Comware switch shows for them ({@code display
 * current-configuration}), so that an operator or auditor reads a finding's evidence in the
 * switch's own terms.
 */
final class Evidence {
  private Evidence() {}

  static List<String> port(PortConfig p, String outboundAcl) {
    List<String> lines = new ArrayList<>();
    lines.add("interface " + p.port().value());
    lines.add(p.adminUp() ? " undo shutdown" : " shutdown");
    if (!p.description().isEmpty()) {
      lines.add(" description " + p.description());
    }
    p.binding()
        .ifPresent(
            b -> {
              lines.add(" service-instance " + b.srvId());
              lines.add("  encapsulation untagged");
              lines.add("  xconnect vsi " + b.vsiName());
            });
    p.inboundAcl().ifPresent(a -> lines.add(" packet-filter name " + a + " inbound"));
    if (outboundAcl != null) {
      lines.add(" packet-filter name " + outboundAcl + " outbound");
    }
    return lines;
  }

  static List<String> vsi(VsiConfig v) {
    return List.of("vsi " + v.name(), " vxlan " + v.vni().value());
  }

  static List<String> acl(AclConfig acl) {
    List<String> lines = new ArrayList<>();
    lines.add("acl advanced name " + acl.name());
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
      lines.add(b.toString());
    }
    return lines;
  }

  static List<String> lossless(String port, PortLossless l) {
    List<String> lines = new ArrayList<>();
    lines.add("interface " + port);
    if (l.pfc()) {
      lines.add(" priority-flow-control enable");
      lines.add(" priority-flow-control no-drop dot1p " + l.priority());
    }
    if (l.ecn()) {
      lines.add(" qos wred queue " + l.priority() + " ecn");
    }
    if (l.trustDscp()) {
      lines.add(" qos trust dscp");
    }
    if (l.trustTunnelDot1p()) {
      lines.add(" qos trust tunnel-dot1p");
    }
    if (l.deadlock()) {
      lines.add(" priority-flow-control deadlock enable");
    }
    if (l.isEmpty()) {
      lines.add(" (no lossless settings)");
    }
    return lines;
  }

  /** Each line prefixed with its switch, for findings that span switches. */
  static List<String> on(String switchName, List<String> lines) {
    return lines.stream().map(l -> switchName + ": " + l).toList();
  }

  private static String address(Ipv4Prefix p) {
    return p.length() == 32 ? p.networkAddress() + " 0" : p.networkAddress() + " " + p.wildcard();
  }
}
