package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.device.AclAction;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.AclRule;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.drift.ConfigPart;
import io.tenantfabric.model.drift.DriftDetector;
import io.tenantfabric.model.drift.DriftItem;
import io.tenantfabric.model.pool.Ipv4Prefix;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Drift items' sides as the one-line Comware terms the reconciler stores and the API shows. */
class ComwareDriftTest {

  private static final Fabric FABRIC = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024));
  private static final SwitchName LEAF = new SwitchName("leaf-01");
  private static final PortName P1 = PortName.fourHundred(1);

  private static DeviceConfig intended() {
    TenantIntent acme = new TenantIntent("acme", new Vni(10005), Ipv4Prefix.parse("10.5.0.0/24"));
    FabricSnapshot s =
        new FabricSnapshot(
            FABRIC,
            Map.of("acme", acme),
            List.of(
                new AllocationIntent(
                    "a1", "acme", new TreeSet<>(List.of(new GpuId("gpu-node-001/0"))))),
            FabricProfile.from(FABRIC));
    return FabricCompiler.compile(s, LEAF);
  }

  @Test
  void aRemovedBindingShowsTheBoundAndTheScrubbedPort() {
    DeviceConfig observed = withPort(intended(), PortConfig.scrubbed(P1));
    DriftItem i = DriftDetector.compare(intended(), observed).get(0);

    assertThat(ComwareDrift.line(i.expected()))
        .contains("vsi t-acme")
        .contains("packet-filter t-acme-in inbound");
    assertThat(ComwareDrift.line(i.observed())).contains("shutdown").doesNotContain("vsi");
  }

  @Test
  void eachPartIsOneLine() {
    PortConfig bound =
        new PortConfig(
            P1,
            true,
            "t-acme gpu-node-001/0",
            Optional.of(new ServiceBinding(1, "t-acme")),
            Optional.of("t-acme-in"));
    AclConfig acl =
        new AclConfig(
            "t-acme-in",
            List.of(
                new AclRule(
                    10,
                    AclAction.PERMIT,
                    Optional.of(Ipv4Prefix.parse("10.5.0.0/24")),
                    Optional.of(Ipv4Prefix.parse("10.5.0.0/24")),
                    false,
                    "intra-tenant"),
                new AclRule(
                    20,
                    AclAction.DENY,
                    Optional.empty(),
                    Optional.of(Ipv4Prefix.parse("10.0.0.0/8")),
                    true,
                    "")));

    assertThat(ComwareDrift.line(new ConfigPart.Port(bound)))
        .isEqualTo(
            "interface FourHundredGigE1/0/1 up description 't-acme gpu-node-001/0'"
                + " service-instance 1 vsi t-acme packet-filter t-acme-in inbound");
    assertThat(ComwareDrift.line(new ConfigPart.Port(PortConfig.scrubbed(P1))))
        .isEqualTo("interface FourHundredGigE1/0/1 shutdown");
    assertThat(ComwareDrift.line(new ConfigPart.Vsi(VsiConfig.forTenant("acme", new Vni(10005)))))
        .isEqualTo("vsi t-acme vxlan 10005");
    assertThat(ComwareDrift.line(new ConfigPart.Acl(acl)))
        .isEqualTo(
            "acl t-acme-in; rule 10 permit source 10.5.0.0/24 destination 10.5.0.0/24;"
                + " rule 20 deny destination 10.0.0.0/8 counting");
    assertThat(ComwareDrift.line(new ConfigPart.Lossless(intended().lossless())))
        .isEqualTo(
            "priority 3 pfc ecn trust-dscp trust-tunnel-dot1p deadlock-detection on 32 ports");
    assertThat(ComwareDrift.line(new ConfigPart.Lossless(LosslessBaseline.none())))
        .isEqualTo("no lossless baseline");
    assertThat(ComwareDrift.line(new ConfigPart.Unmodeled("vsi mgmt has no vxlan")))
        .isEqualTo("vsi mgmt has no vxlan");
    assertThat(ComwareDrift.line(null)).isNull();
  }

  @Test
  void eachExtraIsOneLineOfItsInterface() {
    assertThat(
            ComwareDrift.line(
                new ConfigPart.Extra(
                    P1,
                    new PortExtra.Service(
                        2, ServiceEncapsulation.serviceVlan("100", false), Optional.of("t-a")))))
        .isEqualTo(
            "interface FourHundredGigE1/0/1 service-instance 2 encapsulation s-vid 100"
                + " xconnect vsi t-a");
    assertThat(
            ComwareDrift.line(
                new ConfigPart.Extra(
                    P1,
                    new PortExtra.PacketFilter(
                        "t-a-in",
                        PortExtra.PacketFilter.Direction.OUTBOUND,
                        PortExtra.PacketFilter.Family.IPV4))))
        .isEqualTo("interface FourHundredGigE1/0/1 packet-filter name t-a-in outbound");
    assertThat(
            ComwareDrift.line(
                new ConfigPart.Extra(P1, new PortExtra.Qos("qos apply policy mirror inbound"))))
        .isEqualTo("interface FourHundredGigE1/0/1 qos apply policy mirror inbound");
  }

  private static DeviceConfig withPort(DeviceConfig c, PortConfig p) {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(c.ports().comparator());
    ports.putAll(c.ports());
    ports.put(p.port(), p);
    return new DeviceConfig(c.device(), c.role(), c.lossless(), c.vsis(), ports, c.acls());
  }
}
