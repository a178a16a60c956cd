package io.tenantfabric.model.compile;

import static io.tenantfabric.model.compile.Snapshots.CASE_STUDY;
import static io.tenantfabric.model.compile.Snapshots.allocation;
import static io.tenantfabric.model.compile.Snapshots.snapshot;
import static io.tenantfabric.model.compile.Snapshots.sw;
import static io.tenantfabric.model.compile.Snapshots.tenant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.PortPurpose;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class FabricCompilerTest {

  private static final TenantIntent ACME = tenant("acme", 10005, "10.5.0.0/16");

  private static final AllocationIntent SERVER_5 =
      allocation(
          "a-1",
          "acme",
          "gpu-node-005/0",
          "gpu-node-005/1",
          "gpu-node-005/2",
          "gpu-node-005/3",
          "gpu-node-005/4",
          "gpu-node-005/5",
          "gpu-node-005/6",
          "gpu-node-005/7");

  @Test
  void leaf01OfOneTenantEqualsTheComwareDriversOneTenantOnePortFixture() {
    // southbound's Fixtures.oneTenantOnePort(), rebuilt here field by field: the compiler's output
    // is what the driver's golden one-tenant-one-port.cli/.xml already render
    TreeSet<PortName> uplinks = new TreeSet<>(PortOrder.NATURAL);
    for (int n = 33; n <= 64; n++) {
      uplinks.add(PortName.fourHundred(n));
    }
    Ipv4Prefix own = Ipv4Prefix.parse("10.5.0.0/16");
    AclConfig acl =
        new AclConfig(
            "t-acme-in",
            List.of(
                new AclRule(
                    10,
                    AclAction.PERMIT,
                    Optional.of(own),
                    Optional.of(own),
                    false,
                    "intra-tenant"),
                new AclRule(
                    20,
                    AclAction.DENY,
                    Optional.empty(),
                    Optional.of(Ipv4Prefix.parse("10.0.0.0/8")),
                    true,
                    "inter-tenant deny")));
    VsiConfig vsi = VsiConfig.forTenant("acme", new Vni(10005));
    SortedMap<PortName, PortConfig> ports = new TreeMap<>(PortOrder.NATURAL);
    for (int n = 1; n <= 32; n++) {
      ports.put(PortName.fourHundred(n), PortConfig.scrubbed(PortName.fourHundred(n)));
    }
    PortName p5 = PortName.fourHundred(5);
    ports.put(
        p5,
        new PortConfig(
            p5,
            true,
            "t-acme gpu-node-005/0",
            Optional.of(new ServiceBinding(1, "t-acme")),
            Optional.of("t-acme-in")));
    DeviceConfig fixture =
        new DeviceConfig(
            sw("leaf-01"),
            SwitchRole.LEAF,
            LosslessBaseline.roce(3).withPorts(uplinks),
            new TreeMap<>(Map.of(vsi.name(), vsi)),
            ports,
            new TreeMap<>(Map.of(acl.name(), acl)));

    FabricSnapshot s = snapshot(CASE_STUDY, List.of(ACME), List.of(SERVER_5));

    assertThat(FabricCompiler.compile(s, sw("leaf-01"))).isEqualTo(fixture);
  }

  @Test
  void aServerAllocationTouchesItsEightRailLeavesAndNoOtherSwitch() {
    FabricSnapshot s = snapshot(CASE_STUDY, List.of(ACME), List.of(SERVER_5));
    Set<SwitchName> railLeaves = new TreeSet<>();
    for (int i = 1; i <= 8; i++) {
      railLeaves.add(sw("leaf-0" + i));
    }

    SortedMap<SwitchName, DeviceConfig> all = FabricCompiler.compile(s);

    assertThat(all).hasSize(CASE_STUDY.switches().size());
    all.forEach(
        (name, config) -> {
          boolean rail = railLeaves.contains(name);
          assertThat(config.vsis().keySet())
              .as("%s", name)
              .isEqualTo(rail ? Set.of("t-acme") : Set.of());
          if (rail) {
            assertThat(config.ports().get(PortName.fourHundred(5)).description())
                .startsWith("t-acme gpu-node-005/");
          }
        });
  }

  @Test
  void sharedPrefixesArePermittedInProfileOrderBeforeTheSupernetDeny() {
    FabricProfile profile =
        new FabricProfile(
            3,
            Ipv4Prefix.parse("10.0.0.0/8"),
            List.of(Ipv4Prefix.parse("192.168.50.0/24"), Ipv4Prefix.parse("172.16.0.0/16")));
    FabricSnapshot s = snapshot(CASE_STUDY, List.of(ACME), List.of(SERVER_5), profile);

    AclConfig acl = FabricCompiler.compile(s, sw("leaf-02")).acls().get("t-acme-in");

    assertThat(acl.rules())
        .extracting(AclRule::id, AclRule::action, r -> r.destination().orElseThrow().toString())
        .containsExactly(
            tuple(10, AclAction.PERMIT, "10.5.0.0/16"),
            tuple(20, AclAction.PERMIT, "192.168.50.0/24"),
            tuple(30, AclAction.PERMIT, "172.16.0.0/16"),
            tuple(40, AclAction.DENY, "10.0.0.0/8"));
    assertThat(acl.rules().get(1).source()).isEmpty();
    assertThat(acl.rules().get(1).comment()).isEqualTo("shared prefix");
    assertThat(acl.rules().get(3).counting()).isTrue();
  }

  @Test
  void theRocePriorityComesFromTheProfileOnLeavesAndSpines() {
    FabricProfile profile = new FabricProfile(5, Ipv4Prefix.parse("10.0.0.0/8"), List.of());
    FabricSnapshot s = snapshot(CASE_STUDY, List.of(), List.of(), profile);

    SortedMap<SwitchName, DeviceConfig> configs =
        FabricCompiler.compile(s, List.of(sw("leaf-01"), sw("spine-01")));

    assertThat(configs.values()).extracting(c -> c.lossless().rocePriority()).containsExactly(5, 5);
  }

  @Test
  void profileFromFabricTakesPriorityAndSupernetFromTheSpecAndNoSharedPrefixes() {
    Fabric fabric =
        Fabric.of(
            FabricPresets.named(FabricPresets.H3C_S9825_1024).toBuilder()
                .rocePriority(4)
                .tenantSupernet("172.16.0.0/12")
                .build());

    assertThat(FabricProfile.from(fabric))
        .isEqualTo(new FabricProfile(4, Ipv4Prefix.parse("172.16.0.0/12"), List.of()));
  }

  @Test
  void superSpineAndPodSpineGetTheBaselineOnTheirFabricPortsOnly() {
    Fabric threeTier =
        Fabric.of(
            FabricSpec.builder("tiny-3tier")
                .tiers(3)
                .pods(2)
                .spinesPerPod(2)
                .leavesPerPod(8)
                .superSpines(2)
                .leafDownlinks(2)
                .leafUplinksPerSpine(1)
                .spineUplinks(8)
                .portsPerSwitch(16)
                .build());
    FabricSnapshot s = snapshot(threeTier, List.of(), List.of());

    for (String name : List.of("superspine-001", "spine-01")) {
      DeviceConfig config = FabricCompiler.compile(s, sw(name));
      assertThat(config.lossless().ports()).as(name).hasSize(16);
      assertThat(config.lossless().pfcEnabled()).isTrue();
      assertThat(config.ports()).isEmpty();
      assertThat(config.vsis()).isEmpty();
      assertThat(config.acls()).isEmpty();
    }
  }

  @Test
  void downlinkSlotsWithoutAServerAreScrubbedToo() {
    Fabric oneServer =
        Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024).toBuilder().servers(1).build());
    FabricSnapshot s =
        snapshot(oneServer, List.of(ACME), List.of(allocation("a-1", "acme", "gpu-node-001/0")));

    DeviceConfig leaf = FabricCompiler.compile(s, sw("leaf-01"));

    assertThat(leaf.ports()).hasSize(32);
    assertThat(leaf.ports().get(PortName.fourHundred(1)).adminUp()).isTrue();
    assertThat(leaf.ports().get(PortName.fourHundred(2)))
        .isEqualTo(PortConfig.scrubbed(PortName.fourHundred(2)));
  }

  @Test
  void anEmptyServerSlotIsAGpuPortCompiledScrubbed() {
    Fabric oneServer =
        Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024).toBuilder().servers(1).build());
    PortName emptySlot = PortName.fourHundred(2);
    FabricSnapshot s = snapshot(oneServer, List.of(), List.of());

    DeviceConfig leaf = FabricCompiler.compile(s, sw("leaf-01"));

    assertThat(oneServer.gpusOn(sw("leaf-01"))).noneMatch(g -> g.port().equals(emptySlot));
    assertThat(oneServer.purposeOf(sw("leaf-01"), emptySlot)).isEqualTo(PortPurpose.GPU);
    assertThat(leaf.ports().get(emptySlot)).isEqualTo(PortConfig.scrubbed(emptySlot));
    assertThat(leaf.ports().keySet())
        .allMatch(p -> oneServer.purposeOf(sw("leaf-01"), p) == PortPurpose.GPU);
  }

  @Test
  void aTenantWithoutAllocationsIsOnNoSwitchAndNeedsNoAddress() {
    FabricSnapshot s =
        snapshot(
            CASE_STUDY, List.of(ACME, new TenantIntent("newcomer", null, null)), List.of(SERVER_5));

    assertThat(FabricCompiler.compile(s).values())
        .allSatisfy(c -> assertThat(c.vsis()).doesNotContainKey("t-newcomer"));
  }

  @Test
  void aSetCompilesOnlyTheSwitchesAskedForEachOnce() {
    FabricSnapshot s = snapshot(CASE_STUDY, List.of(ACME), List.of(SERVER_5));

    SortedMap<SwitchName, DeviceConfig> configs =
        FabricCompiler.compile(s, List.of(sw("leaf-03"), sw("spine-02"), sw("leaf-03")));

    assertThat(configs).containsOnlyKeys(sw("leaf-03"), sw("spine-02"));
    assertThat(configs.get(sw("leaf-03"))).isEqualTo(FabricCompiler.compile(s, sw("leaf-03")));
  }
}
