package io.tenantfabric.southbound.comware;

import io.tenantfabric.model.device.AclAction;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/** Leaf configs used by golden, round-trip and emulator tests (S9825-64D: 32 down, 32 up). */
public final class Fixtures {
  public static final SwitchName LEAF = new SwitchName("leaf-01");
  public static final Ipv4Prefix SUPERNET = Ipv4Prefix.parse("10.0.0.0/8");

  private Fixtures() {}

  /** FourHundredGigE1/0/n has IfIndex n (what the emulator and section 7 assume). */
  public static IfIndexMap ifIndexes() {
    SortedMap<PortName, Integer> m = new TreeMap<>(PortOrder.NATURAL);
    for (int n = 1; n <= 64; n++) {
      m.put(PortName.fourHundred(n), n);
    }
    return new IfIndexMap(m);
  }

  /** Lossless RoCE on priority 3 over the 32 uplinks (and every managed port). */
  public static LosslessBaseline baseline() {
    TreeSet<PortName> uplinks = new TreeSet<>(PortOrder.NATURAL);
    for (int n = 33; n <= 64; n++) {
      uplinks.add(PortName.fourHundred(n));
    }
    return LosslessBaseline.roce(3).withPorts(uplinks);
  }

  /** No tenant: the 32 GPU ports scrubbed (down, no binding, no filter). */
  public static DeviceConfig emptyLeaf() {
    return leafWithTenants(0);
  }

  /** Tenant "acme" (VNI 10005, 10.5.0.0/16) on FourHundredGigE1/0/5; the other ports scrubbed. */
  public static DeviceConfig oneTenantOnePort() {
    SortedMap<PortName, PortConfig> ports = scrubbedDownlinks();
    VsiConfig vsi = VsiConfig.forTenant("acme", new Vni(10005));
    AclConfig acl = tenantAcl("acme", Ipv4Prefix.parse("10.5.0.0/16"));
    PortName p5 = PortName.fourHundred(5);
    ports.put(p5, boundPort(p5, "t-acme gpu-node-005/0", vsi, acl));
    return new DeviceConfig(
        LEAF,
        SwitchRole.LEAF,
        baseline(),
        new TreeMap<>(Map.of(vsi.name(), vsi)),
        ports,
        new TreeMap<>(Map.of(acl.name(), acl)));
  }

  /** {@code count} tenants, tenant i on port i with VNI 10000+i and prefix 10.i.0.0/16. */
  public static DeviceConfig leafWithTenants(int count) {
    SortedMap<PortName, PortConfig> ports = scrubbedDownlinks();
    SortedMap<String, VsiConfig> vsis = new TreeMap<>();
    SortedMap<String, AclConfig> acls = new TreeMap<>();
    for (int i = 1; i <= count; i++) {
      String tenant = String.format("tenant-%02d", i);
      VsiConfig vsi = VsiConfig.forTenant(tenant, new Vni(10000 + i));
      AclConfig acl = tenantAcl(tenant, new Ipv4Prefix((10 << 24) | (i << 16), 16));
      vsis.put(vsi.name(), vsi);
      acls.put(acl.name(), acl);
      PortName p = PortName.fourHundred(i);
      ports.put(
          p, boundPort(p, String.format("%s gpu-node-%03d/%d", vsi.name(), i, i % 8), vsi, acl));
    }
    return new DeviceConfig(LEAF, SwitchRole.LEAF, baseline(), vsis, ports, acls);
  }

  public static AclConfig tenantAcl(String tenant, Ipv4Prefix prefix) {
    return tenantAcl(tenant, prefix, "intra-tenant", "inter-tenant deny");
  }

  /** Rule 10 permits the tenant's own prefix, rule 20 denies (counting) the rest of 10/8. */
  public static AclConfig tenantAcl(
      String tenant, Ipv4Prefix prefix, String intraComment, String interComment) {
    return new AclConfig(
        "t-" + tenant + "-in",
        List.of(
            new AclRule(
                10,
                AclAction.PERMIT,
                Optional.of(prefix),
                Optional.of(prefix),
                false,
                intraComment),
            new AclRule(
                20, AclAction.DENY, Optional.empty(), Optional.of(SUPERNET), true, interComment)));
  }

  public static PortConfig boundPort(PortName p, String description, VsiConfig vsi, AclConfig acl) {
    return new PortConfig(
        p,
        true,
        description,
        Optional.of(new ServiceBinding(1, vsi.name())),
        Optional.of(acl.name()));
  }

  public static SortedMap<PortName, PortConfig> scrubbedDownlinks() {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    for (int n = 1; n <= 32; n++) {
      ports.put(PortName.fourHundred(n), PortConfig.scrubbed(PortName.fourHundred(n)));
    }
    return ports;
  }
}
