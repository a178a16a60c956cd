package io.tenantfabric.model.compile;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.PortPurpose;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds one switch's config from a validated snapshot: the lossless baseline on its fabric ports;
 * on a leaf also every GPU port ({@link PortPurpose#GPU}, empty server slots included), scrubbed
 * unless an allocation binds it, and one VSI and ACL per tenant bound there. Tenant ACLs are built
 * once per compile call and shared between leaves.
 */
final class DeviceCompiler {
  /** One untagged service instance per GPU port, id 1, as the Comware driver renders it. */
  static final int SERVICE_INSTANCE = 1;

  private final Fabric fabric;
  private final FabricProfile profile;
  private final IntentIndex index;
  // concurrent: a SnapshotCompiler may compile several switches at once
  private final Map<String, AclConfig> aclByTenant = new ConcurrentHashMap<>();

  DeviceCompiler(FabricSnapshot snapshot, IntentIndex index) {
    this.fabric = snapshot.fabric();
    this.profile = snapshot.profile();
    this.index = index;
  }

  DeviceConfig compile(Switch sw) {
    LosslessBaseline baseline =
        LosslessBaseline.roce(profile.rocePriority()).withPorts(fabricPorts(sw.name()));
    if (sw.role() != SwitchRole.LEAF) {
      return DeviceConfig.empty(sw.name(), sw.role(), baseline);
    }
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    for (PortName port : fabric.portsOf(sw.name())) {
      // every server slot, both 200G halves of a breakout and slots without a server included
      if (fabric.purposeOf(sw.name(), port) == PortPurpose.GPU) {
        ports.put(port, PortConfig.scrubbed(port));
      }
    }
    SortedMap<String, VsiConfig> vsis = new TreeMap<>();
    SortedMap<String, AclConfig> acls = new TreeMap<>();
    for (BoundPort bound : index.boundOn(sw.name())) {
      TenantIntent tenant = bound.tenant();
      VsiConfig vsi = VsiConfig.forTenant(tenant.name(), tenant.vni());
      AclConfig acl =
          aclByTenant.computeIfAbsent(tenant.name(), t -> TenantAcl.of(tenant, profile));
      vsis.put(vsi.name(), vsi);
      acls.put(acl.name(), acl);
      ports.put(
          bound.port(),
          new PortConfig(
              bound.port(),
              true,
              vsi.name() + " " + bound.gpu(),
              Optional.of(new ServiceBinding(SERVICE_INSTANCE, vsi.name())),
              Optional.of(acl.name())));
    }
    return new DeviceConfig(sw.name(), SwitchRole.LEAF, baseline, vsis, ports, acls);
  }

  /** The switch's ends of its fabric links: a leaf's uplinks, every cabled port of a spine. */
  private SortedSet<PortName> fabricPorts(SwitchName name) {
    SortedSet<PortName> ports = new TreeSet<>(PortOrder.NATURAL);
    for (Link link : fabric.linksOf(name)) {
      ports.add(link.lower().equals(name) ? link.lowerPort() : link.upperPort());
    }
    return ports;
  }
}
