package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The largest leaf config the model allows on an S9825-64D leaf of the h3c-s9825-10240 preset: all
 * 32 GPU ports broken out 1:2 into 64 x 200G sub-ports, one tenant per sub-port (VSI, VNI, service
 * instance, two-rule isolation ACL applied as packet filter), the lossless baseline on every
 * sub-port and the 32 uplinks, and every name, description and comment at its maximum length, so
 * that its read-back is an upper bound for sizing maxMessageSize.
 */
public final class FullLeaf {

  /** GPU ports 1..32 are downlinks, 33..64 uplinks (FabricPresets: leafDownlinks 32). */
  public static final int DOWNLINKS = 32;

  private FullLeaf() {}

  /** The 64 sub-ports, in port order. */
  public static List<PortName> subPorts() {
    List<PortName> ports = new ArrayList<>();
    for (int n = 1; n <= DOWNLINKS; n++) {
      ports.add(PortName.twoHundred(n, 1));
      ports.add(PortName.twoHundred(n, 2));
    }
    return ports;
  }

  /** The CLI that splits every downlink 1:2 (the driver does not manage breakout). */
  public static List<String> breakoutCli() {
    List<String> lines = new ArrayList<>();
    for (int n = 1; n <= DOWNLINKS; n++) {
      lines.add("interface " + PortName.fourHundred(n).value());
      lines.add("using twohundredgige"); // leaves the interface view by itself
    }
    return lines;
  }

  public static DeviceConfig config(SwitchName leaf) {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    SortedMap<String, VsiConfig> vsis = new TreeMap<>();
    SortedMap<String, AclConfig> acls = new TreeMap<>();
    int i = 0;
    for (PortName p : subPorts()) {
      i++;
      String tenant = padded("tenant-" + i + "-", VsiConfig.MAX_NAME_LENGTH - 2); // "t-" + 29
      VsiConfig vsi = VsiConfig.forTenant(tenant, new Vni(16_000_000 + i)); // 8-digit VNIs
      Ipv4Prefix prefix = new Ipv4Prefix((10 << 24) | (i << 16), 16);
      AclConfig acl =
          Fixtures.tenantAcl(
              tenant,
              prefix,
              padded("intra-tenant ", AclRule.MAX_COMMENT_LENGTH),
              padded("inter-tenant deny ", AclRule.MAX_COMMENT_LENGTH));
      vsis.put(vsi.name(), vsi);
      acls.put(acl.name(), acl);
      ports.put(
          p,
          new PortConfig(
              p,
              true,
              padded(vsi.name() + " gpu-node-" + i + " ", PortConfig.MAX_DESCRIPTION_LENGTH),
              Optional.of(new ServiceBinding(ServiceBinding.MAX_SRV_ID, vsi.name())),
              Optional.of(acl.name())));
    }
    TreeSet<PortName> uplinks = new TreeSet<>(PortOrder.NATURAL);
    for (int n = DOWNLINKS + 1; n <= 2 * DOWNLINKS; n++) {
      uplinks.add(PortName.fourHundred(n));
    }
    return new DeviceConfig(
        leaf, SwitchRole.LEAF, LosslessBaseline.roce(3).withPorts(uplinks), vsis, ports, acls);
  }

  private static String padded(String start, int length) {
    return (start + "x".repeat(length)).substring(0, length);
  }
}
