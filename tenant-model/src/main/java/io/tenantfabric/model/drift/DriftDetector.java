package io.tenantfabric.model.drift;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Compares what a switch should run with what it runs: every object present on one side only, or
 * different on both, becomes a {@link DriftItem} with the lines of each side. Pure and sorted.
 */
public final class DriftDetector {

  private DriftDetector() {}

  /** The differences of {@code observed} from {@code expected}, sorted by object. */
  public static List<DriftItem> compare(DeviceConfig expected, DeviceConfig observed) {
    List<DriftItem> out = new ArrayList<>();
    if (!expected.lossless().equals(observed.lossless())) {
      out.add(
          new DriftItem(
              DriftItem.Kind.CONFLICTING,
              "lossless",
              null,
              lossless(expected.lossless()),
              lossless(observed.lossless())));
    }
    compare(
        "vsi",
        expected.vsis(),
        observed.vsis(),
        k -> VsiConfig.tenantOf(k),
        DriftDetector::vsi,
        out);
    compare(
        "port",
        stringKeys(expected.ports()),
        stringKeys(observed.ports()),
        k -> null,
        DriftDetector::port,
        out);
    compare(
        "acl", expected.acls(), observed.acls(), DriftDetector::aclTenant, DriftDetector::acl, out);
    // a port's tenant is the one it is (or should be) bound to
    List<DriftItem> attributed = new ArrayList<>();
    for (DriftItem i : out) {
      if (i.object().startsWith("port ") && i.tenant() == null) {
        String port = i.object().substring(5);
        String tenant = portTenant(expected, port);
        attributed.add(
            new DriftItem(
                i.kind(),
                i.object(),
                tenant != null ? tenant : portTenant(observed, port),
                i.expected(),
                i.observed()));
      } else {
        attributed.add(i);
      }
    }
    Collections.sort(attributed);
    return List.copyOf(attributed);
  }

  private static <V> void compare(
      String kind,
      Map<String, V> want,
      Map<String, V> found,
      Function<String, String> tenantOf,
      Function<V, String> line,
      List<DriftItem> out) {
    TreeSet<String> keys = new TreeSet<>(want.keySet());
    keys.addAll(found.keySet());
    for (String k : keys) {
      V w = want.get(k);
      V f = found.get(k);
      if (Objects.equals(w, f)) {
        continue;
      }
      DriftItem.Kind d =
          w == null
              ? DriftItem.Kind.EXTRA
              : f == null ? DriftItem.Kind.MISSING : DriftItem.Kind.CONFLICTING;
      out.add(
          new DriftItem(
              d,
              kind + " " + k,
              tenantOf.apply(k),
              w == null ? null : line.apply(w),
              f == null ? null : line.apply(f)));
    }
  }

  private static Map<String, PortConfig> stringKeys(Map<?, PortConfig> ports) {
    return ports.values().stream()
        .collect(Collectors.toMap(p -> p.port().value(), Function.identity()));
  }

  private static String portTenant(DeviceConfig c, String port) {
    return c.ports().values().stream()
        .filter(p -> p.port().value().equals(port))
        .findFirst()
        .flatMap(PortConfig::binding)
        .map(b -> VsiConfig.tenantOf(b.vsiName()))
        .orElse(null);
  }

  private static String aclTenant(String acl) {
    return acl.startsWith("t-") && acl.endsWith("-in") ? acl.substring(2, acl.length() - 3) : null;
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
