package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.InvalidDeviceConfigException;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a parser saw on a switch, table by table, before it becomes a DeviceConfig; filled by the
 * XML parser and the CLI parser, one feature each, and combined per feature.
 */
public final class ObservedConfig {
  /** Admin state and description of a port. */
  public record PortState(boolean adminUp, String description) {}

  // IFMGR
  final Map<PortName, PortState> portStates = new TreeMap<>();
  // L2VPN
  final List<String> vsis = new ArrayList<>();
  final Map<PortName, TreeMap<Integer, Optional<String>>> services = new TreeMap<>();
  // VXLAN
  final Map<String, Integer> vxlans = new TreeMap<>();
  final List<Integer> unmappedVxlans = new ArrayList<>();
  // ACL
  final Map<String, List<AclRule>> acls = new TreeMap<>();
  final Map<PortName, String> filters = new TreeMap<>();
  final Map<PortName, String> outboundFilters = new TreeMap<>();
  // QOS
  final Map<PortName, PortLossless> lossless = new TreeMap<>();

  private final List<String> anomalies = new ArrayList<>();

  /** Copies one feature's observations from another source (e.g. L2VPN read by CLI). */
  public ObservedConfig take(ComwareFeature feature, ObservedConfig from) {
    if (feature == ComwareFeature.IFMGR) {
      portStates.clear();
      portStates.putAll(from.portStates);
    } else if (feature == ComwareFeature.L2VPN) {
      vsis.clear();
      vsis.addAll(from.vsis);
      services.clear();
      services.putAll(from.services);
    } else if (feature == ComwareFeature.VXLAN) {
      vxlans.clear();
      vxlans.putAll(from.vxlans);
      unmappedVxlans.clear();
      unmappedVxlans.addAll(from.unmappedVxlans);
    } else if (feature == ComwareFeature.ACL) {
      acls.clear();
      acls.putAll(from.acls);
      filters.clear();
      filters.putAll(from.filters);
      outboundFilters.clear();
      outboundFilters.putAll(from.outboundFilters);
    } else {
      lossless.clear();
      lossless.putAll(from.lossless);
    }
    return this;
  }

  void anomaly(String text) {
    anomalies.add(text);
  }

  /** Records an IPv4 packet-filter seen on a port; a second one in a direction is an anomaly. */
  void packetFilter(PortName port, String acl, boolean inbound) {
    Map<PortName, String> applied = inbound ? filters : outboundFilters;
    if (applied.put(port, acl) != null) {
      anomaly(
          port.value() + " has two " + (inbound ? "inbound" : "outbound") + " IPv4 packet-filters");
    }
  }

  /** Things seen that no DeviceConfig can express (e.g. a VSI without a VNI); empty when clean. */
  public List<String> anomalies() {
    return List.copyOf(anomalies);
  }

  /**
   * The DeviceConfig this observation amounts to within a scope. Whatever cannot be expressed is
   * left out and listed in {@link #anomalies()}, so that a comparison with the target fails.
   */
  public DeviceConfig toDeviceConfig(ParseScope scope) {
    SortedMap<String, VsiConfig> vsiConfigs = new TreeMap<>();
    Set<Integer> usedVnis = new HashSet<>();
    for (String vsi : vsis) {
      Integer vni = vxlans.get(vsi);
      if (vni == null) {
        anomaly("vsi " + vsi + " has no vxlan");
        continue;
      }
      try {
        VsiConfig v = new VsiConfig(vsi, new Vni(vni), VsiConfig.tenantOf(vsi));
        if (usedVnis.add(vni)) {
          vsiConfigs.put(vsi, v);
        } else {
          anomaly("vxlan " + vni + " mapped twice");
        }
      } catch (IllegalArgumentException e) {
        anomaly("vsi " + vsi + " is not a tenant VSI: " + e.getMessage());
      }
    }
    for (Map.Entry<String, Integer> e : vxlans.entrySet()) {
      if (!vsis.contains(e.getKey())) {
        anomaly("vxlan " + e.getValue() + " maps to unknown vsi " + e.getKey());
      }
    }
    for (Integer vni : unmappedVxlans) {
      anomaly("vxlan " + vni + " is not mapped to a vsi");
    }
    SortedMap<String, AclConfig> aclConfigs = new TreeMap<>();
    for (Map.Entry<String, List<AclRule>> e : acls.entrySet()) {
      try {
        aclConfigs.put(e.getKey(), new AclConfig(e.getKey(), e.getValue()));
      } catch (IllegalArgumentException ex) {
        anomaly("acl " + e.getKey() + ": " + ex.getMessage());
      }
    }
    SortedMap<PortName, PortConfig> ports = new TreeMap<>();
    for (PortName port : scope.managedPorts()) {
      PortState state = portStates.getOrDefault(port, new PortState(true, ""));
      ports.put(
          port,
          new PortConfig(
              port,
              state.adminUp(),
              state.description(),
              binding(port, vsiConfigs),
              filter(port, aclConfigs)));
      String outbound = outboundFilters.get(port);
      if (outbound != null) {
        // a DeviceConfig filters inbound only: without this the port would read back as in sync
        anomaly(port.value() + " has outbound IPv4 packet-filter " + outbound);
      }
    }
    return new DeviceConfig(
        scope.device(), scope.role(), baseline(scope), vsiConfigs, ports, aclConfigs);
  }

  /**
   * The outbound IPv4 packet-filter of each managed port that has one: what a DeviceConfig cannot
   * hold, kept so that an ACL applied in the wrong direction can be named.
   */
  public SortedMap<PortName, String> outboundFilters(ParseScope scope) {
    SortedMap<PortName, String> out = new TreeMap<>(PortOrder.NATURAL);
    for (PortName port : scope.managedPorts()) {
      String acl = outboundFilters.get(port);
      if (acl != null) {
        out.put(port, acl);
      }
    }
    return Collections.unmodifiableSortedMap(out);
  }

  /**
   * The lossless settings of every port in scope (managed and baseline ports), {@link
   * PortLossless#NONE} where the switch shows none: the per-port view that {@link #toDeviceConfig}
   * folds into one baseline.
   */
  public SortedMap<PortName, PortLossless> portLossless(ParseScope scope) {
    SortedMap<PortName, PortLossless> out = new TreeMap<>(PortOrder.NATURAL);
    for (PortName port : scope.allPorts()) {
      out.put(port, lossless.getOrDefault(port, PortLossless.NONE));
    }
    return Collections.unmodifiableSortedMap(out);
  }

  private Optional<ServiceBinding> binding(PortName port, Map<String, VsiConfig> vsiConfigs) {
    TreeMap<Integer, Optional<String>> srvs = services.getOrDefault(port, new TreeMap<>());
    List<ServiceBinding> bound = new ArrayList<>();
    for (Map.Entry<Integer, Optional<String>> e : srvs.entrySet()) {
      if (e.getValue().isEmpty()) {
        anomaly(port.value() + " service-instance " + e.getKey() + " has no xconnect");
      } else if (!vsiConfigs.containsKey(e.getValue().get())) {
        anomaly(port.value() + " is attached to unusable vsi " + e.getValue().get());
      } else {
        try {
          bound.add(new ServiceBinding(e.getKey(), e.getValue().get()));
        } catch (InvalidDeviceConfigException ex) {
          anomaly(port.value() + ": " + ex.getMessage());
        }
      }
    }
    if (bound.size() > 1) {
      anomaly(port.value() + " is attached to " + bound.size() + " VSIs");
    }
    return bound.stream().findFirst();
  }

  private Optional<String> filter(PortName port, Map<String, AclConfig> aclConfigs) {
    String acl = filters.get(port);
    if (acl != null && !aclConfigs.containsKey(acl)) {
      anomaly(port.value() + " filters with unusable acl " + acl);
      return Optional.empty();
    }
    return Optional.ofNullable(acl);
  }

  /** The settings every port in scope shares (a setting missing on one port counts as off). */
  private LosslessBaseline baseline(ParseScope scope) {
    PortLossless common = null;
    for (PortName port : scope.allPorts()) {
      PortLossless p = lossless.getOrDefault(port, PortLossless.NONE);
      if (common == null) {
        common = p;
      } else if (!common.equals(p)) {
        anomaly("lossless settings of " + port.value() + " differ from the other ports");
        boolean samePrio = common.priority() == p.priority();
        common =
            new PortLossless(
                common.priority(),
                common.pfc() && p.pfc() && samePrio,
                common.ecn() && p.ecn() && samePrio,
                common.trustDscp() && p.trustDscp(),
                common.trustTunnelDot1p() && p.trustTunnelDot1p(),
                common.deadlock() && p.deadlock() && common.pfc() && p.pfc() && samePrio);
      }
    }
    if (common == null) {
      return LosslessBaseline.none();
    }
    return new LosslessBaseline(
        common.priority(),
        common.pfc(),
        common.ecn(),
        common.trustDscp(),
        common.trustTunnelDot1p(),
        common.deadlock() && common.pfc(),
        scope.baselinePorts());
  }
}
