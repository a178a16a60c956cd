package io.tenantfabric.model.verify;

import io.tenantfabric.model.compile.DeviceConfigText;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import java.util.ArrayList;
import java.util.List;

/**
 * A stable, vendor-neutral text form of a finding's {@link Evidence} for the core's golden files:
 * the objects in {@link DeviceConfigText}'s form, the steps of a segment with their switch. Not
 * Comware CLI; southbound-netconf's goldens pin that.
 */
public final class EvidenceText {

  private EvidenceText() {}

  /** Every item's lines, in order. */
  public static List<String> lines(List<Evidence> evidence) {
    List<String> out = new ArrayList<>();
    for (Evidence e : evidence) {
      lines(e, out);
    }
    return out;
  }

  private static void lines(Evidence e, List<String> out) {
    if (e instanceof Evidence.Port p) {
      // an outbound filter the port also carries as an extra is shown once, as the extra
      boolean shown =
          p.port().extras().stream()
              .anyMatch(
                  x ->
                      x instanceof PortExtra.PacketFilter f
                          && f.isOutboundIpv4()
                          && f.acl().equals(p.outboundAcl()));
      out.add(
          DeviceConfigText.port(p.port())
              + (p.outboundAcl() == null || shown
                  ? ""
                  : " packet-filter outbound " + p.outboundAcl()));
    } else if (e instanceof Evidence.Vsi v) {
      out.add(DeviceConfigText.vsi(v.vsi()));
    } else if (e instanceof Evidence.Acl a) {
      out.add("acl " + a.acl().name());
      for (AclRule r : a.acl().rules()) {
        out.add(DeviceConfigText.rule(r));
      }
    } else if (e instanceof Evidence.Lossless l) {
      out.add("lossless " + l.port() + settings(l.settings()));
    } else if (e instanceof Evidence.Note n) {
      out.add("note " + n.text());
    } else if (e instanceof Evidence.SegmentPort p) {
      out.add(
          p.switchName()
              + " port "
              + p.port()
              + (p.owner() == null ? " free" : " of " + p.owner()));
    } else if (e instanceof Evidence.SegmentCircuit c) {
      out.add(c.switchName() + " port " + c.port() + " service-instance " + c.serviceInstance());
    } else if (e instanceof Evidence.SegmentVsi v) {
      out.add(v.switchName() + " vsi " + v.vsi());
    } else if (e instanceof Evidence.SegmentVni v) {
      out.add("vni " + v.vni());
    } else if (e instanceof Evidence.VniCarrier c) {
      out.add(c.switchName() + " vsi " + c.vsi() + " vni " + c.vni());
    } else {
      throw new IllegalArgumentException("no text for " + e);
    }
  }

  private static String settings(PortLossless l) {
    if (l.isEmpty()) {
      return " none";
    }
    StringBuilder b = new StringBuilder(" priority ").append(l.priority());
    b.append(l.pfc() ? " pfc" : "").append(l.ecn() ? " ecn" : "");
    b.append(l.trustDscp() ? " trust-dscp" : "");
    b.append(l.trustTunnelDot1p() ? " trust-tunnel-dot1p" : "");
    b.append(l.deadlock() ? " deadlock-detection" : "");
    return b.toString();
  }
}
