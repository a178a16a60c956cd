package io.tenantfabric.model.drift;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
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
 * different on both, becomes a {@link DriftItem} with the object as each side has it; each extra
 * found on a managed port ({@link PortExtra}) is an {@code EXTRA} item of its own, the port itself
 * being compared without them. Pure and sorted.
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
              new ConfigPart.Lossless(expected.lossless()),
              new ConfigPart.Lossless(observed.lossless())));
    }
    compare(
        "vsi",
        expected.vsis(),
        observed.vsis(),
        k -> VsiConfig.tenantOf(k),
        ConfigPart.Vsi::new,
        out);
    compare(
        "port",
        stringKeys(expected.ports()),
        stringKeys(observed.ports()),
        k -> null,
        ConfigPart.Port::new,
        out);
    extras(expected, observed, out);
    compare(
        "acl",
        expected.acls(),
        observed.acls(),
        DriftDetector::aclTenant,
        ConfigPart.Acl::new,
        out);
    // a port's tenant is the one it is (or should be) bound to
    List<DriftItem> attributed = new ArrayList<>();
    for (DriftItem i : out) {
      boolean onPort =
          i.expected() instanceof ConfigPart.Port || i.observed() instanceof ConfigPart.Port;
      if (onPort && i.tenant() == null) {
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
      Function<V, ConfigPart> part,
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
              w == null ? null : part.apply(w),
              f == null ? null : part.apply(f)));
    }
  }

  /**
   * One EXTRA item per extra on an observed port, attributed to the port's tenant in the intent,
   * else to the tenant whose object the extra names.
   */
  private static void extras(DeviceConfig expected, DeviceConfig observed, List<DriftItem> out) {
    for (PortConfig p : observed.ports().values()) {
      for (PortExtra e : p.extras()) {
        String tenant = portTenant(expected, p.port().value());
        out.add(
            new DriftItem(
                DriftItem.Kind.EXTRA,
                "port " + p.port().value() + " " + e.key(),
                tenant != null ? tenant : e.namedTenant().orElse(null),
                null,
                new ConfigPart.Extra(p.port(), e)));
      }
    }
  }

  private static Map<String, PortConfig> stringKeys(Map<?, PortConfig> ports) {
    return ports.values().stream()
        .collect(Collectors.toMap(p -> p.port().value(), PortConfig::withoutExtras));
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
}
