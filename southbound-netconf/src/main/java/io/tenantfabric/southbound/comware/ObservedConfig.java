package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.InvalidDeviceConfigException;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a parser saw on a switch, table by table, before it becomes a DeviceConfig; filled by the
 * XML parser and the CLI parser, one feature each, and combined per feature. On a managed port,
 * whatever the intent never compiles there (service instances beyond the binding, packet filters
 * beyond the inbound tenant ACL, QoS lines beyond the lossless settings) becomes the port's {@link
 * PortExtra extras}; elsewhere, what the model cannot express is an anomaly.
 */
public final class ObservedConfig {
  /** Admin state and description of a port. */
  public record PortState(boolean adminUp, String description) {}

  /** A service instance as seen: its match, and the VSI it is cross-connected to, if any. */
  record Service(ServiceEncapsulation encapsulation, Optional<String> vsi) {}

  // IFMGR
  final Map<PortName, PortState> portStates = new TreeMap<>();
  // L2VPN
  final List<String> vsis = new ArrayList<>();
  final Map<PortName, TreeMap<Integer, Service>> services = new TreeMap<>();
  // VXLAN
  final Map<String, Integer> vxlans = new TreeMap<>();
  final List<Integer> unmappedVxlans = new ArrayList<>();
  // ACL
  final Map<String, List<AclRule>> acls = new TreeMap<>();
  // every packet filter of a port, in the order seen (the first inbound IPv4 one is the model's)
  final Map<PortName, List<PortExtra.PacketFilter>> packetFilters = new TreeMap<>();
  // QOS
  final Map<PortName, PortLossless> lossless = new TreeMap<>();
  final Map<PortName, List<String>> qosLines = new TreeMap<>();

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
      packetFilters.clear();
      packetFilters.putAll(from.packetFilters);
    } else {
      lossless.clear();
      lossless.putAll(from.lossless);
      qosLines.clear();
      qosLines.putAll(from.qosLines);
    }
    return this;
  }

  void anomaly(String text) {
    anomalies.add(text);
  }

  /** Records a packet filter seen on a port (the same one seen twice counts once). */
  void packetFilter(PortName port, PortExtra.PacketFilter filter) {
    List<PortExtra.PacketFilter> seen = packetFilters.computeIfAbsent(port, p -> new ArrayList<>());
    if (!seen.contains(filter)) {
      seen.add(filter);
    }
  }

  /** Records service instance {@code srvId} of a port with its match. */
  void service(PortName port, int srvId, ServiceEncapsulation encapsulation) {
    services
        .computeIfAbsent(port, p -> new TreeMap<>())
        .merge(
            srvId,
            new Service(encapsulation, Optional.empty()),
            (old, now) -> new Service(encapsulation, old.vsi()));
  }

  /** Records the VSI service instance {@code srvId} of a port is cross-connected to. */
  void xconnect(PortName port, int srvId, String vsi) {
    services
        .computeIfAbsent(port, p -> new TreeMap<>())
        .merge(
            srvId,
            new Service(ServiceEncapsulation.untagged(), Optional.of(vsi)),
            (old, now) -> new Service(old.encapsulation(), Optional.of(vsi)));
  }

  /** Records a QoS line of a port that the lossless settings do not account for. */
  void qosLine(PortName port, String line) {
    qosLines.computeIfAbsent(port, p -> new ArrayList<>()).add(line);
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
      List<PortExtra> extras = new ArrayList<>();
      Optional<ServiceBinding> binding = binding(port, vsiConfigs, extras);
      Optional<String> inbound = filter(port, aclConfigs, extras);
      qos(port, extras);
      ports.put(
          port,
          new PortConfig(port, state.adminUp(), state.description(), binding, inbound, extras));
    }
    return new DeviceConfig(
        scope.device(), scope.role(), baseline(scope), vsiConfigs, ports, aclConfigs);
  }

  /**
   * The outbound IPv4 packet-filter of each managed port that has one (the first, if several): the
   * view of the port's extras the isolation verifier names a wrong-direction ACL by.
   */
  public SortedMap<PortName, String> outboundFilters(ParseScope scope) {
    SortedMap<PortName, String> out = new TreeMap<>(PortOrder.NATURAL);
    for (PortName port : scope.managedPorts()) {
      for (PortExtra.PacketFilter f : packetFilters.getOrDefault(port, List.of())) {
        if (f.isOutboundIpv4()) {
          out.putIfAbsent(port, f.acl());
        }
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

  /**
   * The port's binding: its first untagged service instance cross-connected to a VSI the model
   * holds. Every other service instance goes to {@code extras}.
   */
  private Optional<ServiceBinding> binding(
      PortName port, Map<String, VsiConfig> vsiConfigs, List<PortExtra> extras) {
    Optional<ServiceBinding> bound = Optional.empty();
    for (Map.Entry<Integer, Service> e : services.getOrDefault(port, new TreeMap<>()).entrySet()) {
      Service srv = e.getValue();
      boolean modelled =
          bound.isEmpty()
              && srv.encapsulation().equals(ServiceEncapsulation.untagged())
              && srv.vsi().map(vsiConfigs::containsKey).orElse(false);
      try {
        if (modelled) {
          bound = Optional.of(new ServiceBinding(e.getKey(), srv.vsi().get()));
        } else {
          extras.add(new PortExtra.Service(e.getKey(), srv.encapsulation(), srv.vsi()));
        }
      } catch (InvalidDeviceConfigException ex) {
        anomaly(port.value() + ": " + ex.getMessage());
      }
    }
    return bound;
  }

  /**
   * The port's inbound tenant filter: its first inbound IPv4 packet filter. One whose ACL the model
   * could not read is an anomaly; every other filter goes to {@code extras}.
   */
  private Optional<String> filter(
      PortName port, Map<String, AclConfig> aclConfigs, List<PortExtra> extras) {
    Optional<String> inbound = Optional.empty();
    boolean first = true;
    for (PortExtra.PacketFilter f : packetFilters.getOrDefault(port, List.of())) {
      if (first
          && f.direction() == PortExtra.PacketFilter.Direction.INBOUND
          && f.family() == PortExtra.PacketFilter.Family.IPV4) {
        first = false;
        if (aclConfigs.containsKey(f.acl())) {
          inbound = Optional.of(f.acl());
        } else {
          anomaly(port.value() + " filters with unusable acl " + f.acl());
        }
      } else {
        extras.add(f);
      }
    }
    return inbound;
  }

  /** Adds the port's QoS lines to {@code extras} (the same line twice counts once). */
  private void qos(PortName port, List<PortExtra> extras) {
    for (String line : new LinkedHashSet<>(qosLines.getOrDefault(port, List.of()))) {
      try {
        extras.add(new PortExtra.Qos(line));
      } catch (InvalidDeviceConfigException e) {
        anomaly(port.value() + ": " + e.getMessage());
      }
    }
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
