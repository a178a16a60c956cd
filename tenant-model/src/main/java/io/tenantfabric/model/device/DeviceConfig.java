package io.tenantfabric.model.device;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The vendor-neutral configuration the controller manages on one switch: lossless baseline, tenant
 * VSIs, GPU downlink ports and tenant ACLs. Maps are sorted (ports in {@link PortOrder#NATURAL})
 * and immutable; every reference (port to VSI, port to ACL) must resolve and VNIs are unique. A
 * baseline that applies to no port at all is normalised to {@link LosslessBaseline#none()}.
 */
public record DeviceConfig(
    SwitchName device,
    SwitchRole role,
    LosslessBaseline lossless,
    SortedMap<String, VsiConfig> vsis,
    SortedMap<PortName, PortConfig> ports,
    SortedMap<String, AclConfig> acls) {

  public DeviceConfig {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(lossless, "lossless");
    // Normal form: a baseline that applies to no port is no baseline (nothing on the switch shows
    // it).
    if (lossless.ports().isEmpty() && (ports == null || ports.isEmpty())) {
      lossless = LosslessBaseline.none();
    }
    vsis = sortedCopy(vsis, new TreeMap<>(), "vsis");
    ports = sortedCopy(ports, new TreeMap<>(PortOrder.NATURAL), "ports");
    acls = sortedCopy(acls, new TreeMap<>(), "acls");
    Map<Integer, String> vniOwner = new HashMap<>();
    for (Map.Entry<String, VsiConfig> e : vsis.entrySet()) {
      requireKey(e.getKey(), e.getValue().name(), "vsi");
      String other = vniOwner.putIfAbsent(e.getValue().vni().value(), e.getKey());
      if (other != null) {
        throw new InvalidDeviceConfigException(
            device.value() + " vxlan " + e.getValue().vni().value(),
            "vni-unique",
            "VNI used by both " + other + " and " + e.getKey());
      }
    }
    for (Map.Entry<String, AclConfig> e : acls.entrySet()) {
      requireKey(e.getKey(), e.getValue().name(), "acl");
    }
    for (Map.Entry<PortName, PortConfig> e : ports.entrySet()) {
      PortConfig port = e.getValue();
      if (!e.getKey().equals(port.port())) {
        throw new InvalidDeviceConfigException(
            e.getKey().value(), "key-matches-value", "map key differs from " + port.port().value());
      }
      if (port.binding().isPresent() && !vsis.containsKey(port.binding().get().vsiName())) {
        throw new InvalidDeviceConfigException(
            port.port().value(),
            "binding-vsi-exists",
            "bound to VSI " + port.binding().get().vsiName() + " which is not configured");
      }
      if (port.inboundAcl().isPresent() && !acls.containsKey(port.inboundAcl().get())) {
        throw new InvalidDeviceConfigException(
            port.port().value(),
            "filter-acl-exists",
            "packet-filter ACL " + port.inboundAcl().get() + " is not configured");
      }
    }
  }

  /** A switch with no tenants and no managed ports. */
  public static DeviceConfig empty(SwitchName device, SwitchRole role, LosslessBaseline lossless) {
    return new DeviceConfig(
        device, role, lossless, new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
  }

  /** Every port the lossless baseline applies to: the baseline's own ports plus managed ports. */
  public SortedSet<PortName> losslessPorts() {
    TreeSet<PortName> all = new TreeSet<>(PortOrder.NATURAL);
    if (!lossless.isEmpty()) {
      all.addAll(lossless.ports());
      all.addAll(ports.keySet());
    }
    return Collections.unmodifiableSortedSet(all);
  }

  private static void requireKey(String key, String name, String kind) {
    if (!key.equals(name)) {
      throw new InvalidDeviceConfigException(
          kind + " " + key, "key-matches-value", "map key differs from name " + name);
    }
  }

  private static <K, V> SortedMap<K, V> sortedCopy(
      Map<K, V> source, TreeMap<K, V> target, String what) {
    Objects.requireNonNull(source, what);
    target.putAll(source);
    return Collections.unmodifiableSortedMap(target);
  }
}
