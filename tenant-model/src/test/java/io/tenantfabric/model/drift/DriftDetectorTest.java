package io.tenantfabric.model.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricProfile;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.TenantIntent;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.device.VsiConfig;
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
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class DriftDetectorTest {

  private static final Fabric FABRIC = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024));
  private static final SwitchName LEAF = new SwitchName("leaf-01");
  private static final PortName P1 = PortName.fourHundred(1);
  private static final PortName P2 = PortName.fourHundred(2);

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
  void aSwitchThatRunsTheIntentHasNoDrift() {
    assertThat(DriftDetector.compare(intended(), intended())).isEmpty();
  }

  @Test
  void aRemovedBindingIsAConflictOnThatPortOfThatTenant() {
    DeviceConfig observed = withPort(intended(), PortConfig.scrubbed(P1));
    List<DriftItem> drift = DriftDetector.compare(intended(), observed);
    assertThat(drift).hasSize(1);
    DriftItem i = drift.get(0);
    assertThat(i.kind()).isEqualTo(DriftItem.Kind.CONFLICTING);
    assertThat(i.object()).isEqualTo("port " + P1.value());
    assertThat(i.tenant()).isEqualTo("acme");
    assertThat(i.expected()).isEqualTo(new ConfigPart.Port(intended().ports().get(P1)));
    assertThat(i.observed()).isEqualTo(new ConfigPart.Port(PortConfig.scrubbed(P1)));
  }

  @Test
  void anExtraVsiWithAForeignPortIsFoundWithBothTenants() {
    DeviceConfig base = intended();
    SortedMap<String, VsiConfig> vsis = new TreeMap<>(base.vsis());
    VsiConfig rogue = VsiConfig.forTenant("globex", new Vni(10006));
    vsis.put(rogue.name(), rogue);
    DeviceConfig withVsi =
        new DeviceConfig(
            base.device(), base.role(), base.lossless(), vsis, base.ports(), base.acls());
    DeviceConfig observed =
        withPort(
            withVsi,
            new PortConfig(
                P2, true, "", Optional.of(new ServiceBinding(1, rogue.name())), Optional.empty()));
    List<DriftItem> drift = DriftDetector.compare(base, observed);
    assertThat(drift)
        .extracting(DriftItem::kind, DriftItem::object, DriftItem::tenant)
        .containsExactly(
            Tuple.tuple(DriftItem.Kind.CONFLICTING, "port " + P2.value(), "globex"),
            Tuple.tuple(DriftItem.Kind.EXTRA, "vsi t-globex", "globex"));
  }

  @Test
  void aMissingVsiAndAclAreMissingItemsOfTheirTenant() {
    DeviceConfig base = intended();
    DeviceConfig bare =
        new DeviceConfig(
            base.device(),
            base.role(),
            base.lossless(),
            new TreeMap<>(),
            withPort(base, PortConfig.scrubbed(P1)).ports(),
            new TreeMap<>());
    assertThat(DriftDetector.compare(base, bare))
        .filteredOn(i -> i.kind() == DriftItem.Kind.MISSING)
        .extracting(DriftItem::object, DriftItem::tenant)
        .containsExactly(Tuple.tuple("acl t-acme-in", "acme"), Tuple.tuple("vsi t-acme", "acme"));
  }

  @Test
  void eachSideCarriesTheObjectAsThatSideHasIt() {
    DeviceConfig base = intended();
    DeviceConfig bare =
        new DeviceConfig(
            base.device(),
            base.role(),
            LosslessBaseline.none(),
            new TreeMap<>(),
            withPort(base, PortConfig.scrubbed(P1)).ports(),
            new TreeMap<>());
    List<DriftItem> drift = DriftDetector.compare(base, bare);

    assertThat(drift)
        .extracting(DriftItem::object, DriftItem::expected, DriftItem::observed)
        .containsExactly(
            Tuple.tuple("acl t-acme-in", new ConfigPart.Acl(base.acls().get("t-acme-in")), null),
            Tuple.tuple(
                "lossless",
                new ConfigPart.Lossless(base.lossless()),
                new ConfigPart.Lossless(bare.lossless())),
            Tuple.tuple(
                "port " + P1.value(),
                new ConfigPart.Port(base.ports().get(P1)),
                new ConfigPart.Port(PortConfig.scrubbed(P1))),
            Tuple.tuple("vsi t-acme", new ConfigPart.Vsi(base.vsis().get("t-acme")), null));
  }

  @Test
  void unmodeledConfigIsExtraAndOfNoTenant() {
    DriftItem i = DriftItem.unmodeled("vsi mgmt has no vxlan");

    assertThat(i.kind()).isEqualTo(DriftItem.Kind.EXTRA);
    assertThat(i.object()).isEqualTo("unmodeled");
    assertThat(i.tenant()).isNull();
    assertThat(i.expected()).isNull();
    assertThat(i.observed()).isEqualTo(new ConfigPart.Unmodeled("vsi mgmt has no vxlan"));
  }

  @Test
  void eachExtraOnAManagedPortIsAnExtraItemOfThePortsTenantAndThePortItselfIsInSync() {
    DeviceConfig base = intended();
    PortExtra bridge =
        new PortExtra.Service(
            2, ServiceEncapsulation.serviceVlan("100", false), Optional.of("t-globex"));
    PortExtra outbound =
        new PortExtra.PacketFilter(
            "t-acme-in",
            PortExtra.PacketFilter.Direction.OUTBOUND,
            PortExtra.PacketFilter.Family.IPV4);
    DeviceConfig observed =
        withPort(base, base.ports().get(P1).withExtras(List.of(outbound, bridge)));

    List<DriftItem> drift = DriftDetector.compare(base, observed);

    assertThat(drift)
        .extracting(DriftItem::kind, DriftItem::object, DriftItem::tenant)
        .containsExactly(
            Tuple.tuple(
                DriftItem.Kind.EXTRA,
                "port " + P1.value() + " packet-filter ipv4 outbound t-acme-in",
                "acme"),
            Tuple.tuple(
                DriftItem.Kind.EXTRA, "port " + P1.value() + " service-instance 2", "acme"));
    assertThat(drift)
        .allSatisfy(
            i -> {
              assertThat(i.expected()).isNull();
              assertThat(i.observed()).isInstanceOf(ConfigPart.Extra.class);
            });
  }

  @Test
  void anExtraOnAFreePortConcernsTheTenantWhoseVsiItNames() {
    DeviceConfig base = intended();
    PortExtra bridge =
        new PortExtra.Service(
            9, ServiceEncapsulation.of(ServiceEncapsulation.Kind.DEFAULT), Optional.of("t-acme"));
    DeviceConfig observed = withPort(base, base.ports().get(P2).withExtras(List.of(bridge)));

    assertThat(DriftDetector.compare(base, observed))
        .extracting(DriftItem::kind, DriftItem::object, DriftItem::tenant)
        .containsExactly(
            Tuple.tuple(
                DriftItem.Kind.EXTRA, "port " + P2.value() + " service-instance 9", "acme"));
  }

  private static DeviceConfig withPort(DeviceConfig c, PortConfig p) {
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(c.ports().comparator());
    ports.putAll(c.ports());
    ports.put(p.port(), p);
    return new DeviceConfig(c.device(), c.role(), c.lossless(), c.vsis(), ports, c.acls());
  }
}
