package io.tenantfabric.model.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.ServiceBinding;
import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Compiler invariants over random consistent snapshots of the case study with 200G sub-ports. */
class FabricCompilerPropertiesTest {

  private static final Fabric FABRIC =
      Fabric.of(
          FabricPresets.named(FabricPresets.H3C_S9825_1024).toBuilder()
              .breakoutDownlinks(
                  List.of(
                      new BreakoutPort("leaf-01", 1),
                      new BreakoutPort("leaf-02", 7),
                      new BreakoutPort("leaf-09", 32)))
              .build());

  /** 1..60 tenants, 0..100 % of the GPUs allocated, 0..3 shared prefixes. */
  @Provide
  Arbitrary<FabricSnapshot> snapshots() {
    return Combinators.combine(
            Arbitraries.longs(),
            Arbitraries.integers().between(1, 60),
            Arbitraries.integers().between(0, 100),
            Arbitraries.integers().between(0, 3))
        .as(
            (seed, tenants, busy, shared) ->
                RandomSnapshots.of(FABRIC, seed, tenants, busy, shared));
  }

  @Property(tries = 100)
  void sameIntentInAnyOrderCompilesToTheSameConfigs(@ForAll("snapshots") FabricSnapshot s) {
    SortedMap<SwitchName, DeviceConfig> first = FabricCompiler.compile(s);

    assertThat(FabricCompiler.compile(s)).isEqualTo(first);
    assertThat(FabricCompiler.compile(RandomSnapshots.shuffled(s, s.allocations().size())))
        .isEqualTo(first);
  }

  @Property(tries = 50)
  void compilingASetEqualsCompilingEachSwitchAlone(
      @ForAll("snapshots") FabricSnapshot s, @ForAll long seed) {
    List<SwitchName> subset = List.copyOf(someSwitches(seed, 3));

    SortedMap<SwitchName, DeviceConfig> together = FabricCompiler.compile(s, subset);

    assertThat(together).containsOnlyKeys(subset);
    together.forEach(
        (name, config) -> assertThat(FabricCompiler.compile(s, name)).isEqualTo(config));
  }

  /** What the provisioner relies on when it compiles a wide batch's switches side by side. */
  @Property(tries = 50)
  void oneSnapshotCompilerOnManyThreadsGivesEachSwitchItsConfig(
      @ForAll("snapshots") FabricSnapshot s) {
    SortedMap<SwitchName, DeviceConfig> alone = FabricCompiler.compile(s);
    SnapshotCompiler shared = FabricCompiler.over(s);

    Map<SwitchName, DeviceConfig> parallel =
        alone.keySet().parallelStream()
            .collect(Collectors.toConcurrentMap(n -> n, shared::compile));

    assertThat(parallel).isEqualTo(alone);
  }

  /**
   * What the provisioner relies on when it reads only the allocations with a GPU on the switches of
   * a batch, and their tenants: nothing else changes those switches' configs.
   */
  @Property(tries = 50)
  void aSwitchCompilesTheSameFromOnlyTheAllocationsOnItAndTheirTenants(
      @ForAll("snapshots") FabricSnapshot s, @ForAll long seed) {
    Set<SwitchName> batch = someSwitches(seed, 4);
    List<AllocationIntent> touching = new ArrayList<>();
    Map<String, TenantIntent> theirTenants = new HashMap<>();
    for (AllocationIntent a : s.allocations()) {
      boolean onBatch =
          a.gpus().stream().anyMatch(g -> batch.contains(FABRIC.gpu(g).orElseThrow().leaf()));
      if (onBatch) {
        touching.add(a);
        theirTenants.put(a.tenant(), s.tenants().get(a.tenant()));
      }
    }
    FabricSnapshot scoped = new FabricSnapshot(FABRIC, theirTenants, touching, s.profile());

    assertThat(FabricCompiler.compile(scoped, batch)).isEqualTo(FabricCompiler.compile(s, batch));
  }

  @Property(tries = 100)
  void everyAllocatedGpuPortIsBoundToItsTenantsVsiBehindItsTenantsAcl(
      @ForAll("snapshots") FabricSnapshot s) {
    SortedMap<SwitchName, DeviceConfig> configs = FabricCompiler.compile(s);

    for (AllocationIntent a : s.allocations()) {
      TenantIntent tenant = s.tenants().get(a.tenant());
      for (GpuId id : a.gpus()) {
        Gpu gpu = FABRIC.gpu(id).orElseThrow();
        DeviceConfig leaf = configs.get(gpu.leaf());
        String vsi = "t-" + tenant.name();
        assertThat(leaf.ports().get(gpu.port()))
            .isEqualTo(
                new PortConfig(
                    gpu.port(),
                    true,
                    vsi + " " + id,
                    Optional.of(new ServiceBinding(1, vsi)),
                    Optional.of(vsi + "-in")));
        assertThat(leaf.vsis().get(vsi).vni()).isEqualTo(tenant.vni());
        assertThat(leaf.acls().get(vsi + "-in").rules().get(0).source()).contains(tenant.prefix());
      }
    }
  }

  @Property(tries = 100)
  void everyOtherGpuPortIsScrubbedAndNoOtherPortIsManaged(@ForAll("snapshots") FabricSnapshot s) {
    Set<String> bound = new HashSet<>();
    for (AllocationIntent a : s.allocations()) {
      for (GpuId id : a.gpus()) {
        Gpu gpu = FABRIC.gpu(id).orElseThrow();
        bound.add(gpu.leaf() + " " + gpu.port());
      }
    }

    FabricCompiler.compile(s)
        .forEach(
            (name, config) -> {
              Set<PortName> downlinks =
                  config.role() == SwitchRole.LEAF
                      ? FABRIC.portsOf(name).stream()
                          .filter(p -> p.number() <= FABRIC.spec().leafDownlinks())
                          .collect(Collectors.toSet())
                      : Set.of();
              assertThat(config.ports().keySet()).isEqualTo(new TreeSet<>(downlinks));
              config
                  .ports()
                  .forEach(
                      (port, pc) -> {
                        if (!bound.contains(name + " " + port)) {
                          assertThat(pc).isEqualTo(PortConfig.scrubbed(port));
                        }
                      });
            });
  }

  @Property(tries = 100)
  void everyVsiAndAclOnALeafHasABoundPortThere(@ForAll("snapshots") FabricSnapshot s) {
    for (DeviceConfig config : FabricCompiler.compile(s).values()) {
      Set<String> vsisInUse = new TreeSet<>();
      Set<String> aclsInUse = new TreeSet<>();
      for (PortConfig pc : config.ports().values()) {
        pc.binding().ifPresent(b -> vsisInUse.add(b.vsiName()));
        pc.inboundAcl().ifPresent(aclsInUse::add);
      }
      assertThat(config.vsis().keySet()).isEqualTo(vsisInUse);
      assertThat(config.acls().keySet()).isEqualTo(aclsInUse);
      assertThat(config.losslessPorts()).isNotEmpty();
    }
  }

  @Property(tries = 100)
  void everyConfigSurvivesTheDeviceConfigConstructorsChecks(@ForAll("snapshots") FabricSnapshot s) {
    for (DeviceConfig c : FabricCompiler.compile(s).values()) {
      assertThat(
              new DeviceConfig(c.device(), c.role(), c.lossless(), c.vsis(), c.ports(), c.acls()))
          .isEqualTo(c);
    }
  }

  @Property(tries = 100)
  void aGpuTakenIntoASecondAllocationIsRefusedNamingBoth(
      @ForAll("snapshots") FabricSnapshot s, @ForAll long seed) {
    if (s.allocations().isEmpty()) {
      return;
    }
    AllocationIntent victim = s.allocations().get(new Random(seed).nextInt(s.allocations().size()));
    GpuId gpu = victim.gpus().first();
    List<AllocationIntent> allocations = new ArrayList<>(s.allocations());
    allocations.add(
        new AllocationIntent("z-intruder", victim.tenant(), new TreeSet<>(Set.of(gpu))));
    FabricSnapshot conflicting = new FabricSnapshot(FABRIC, s.tenants(), allocations, s.profile());

    IntentConflictException e =
        catchThrowableOfType(
            IntentConflictException.class,
            () -> FabricCompiler.compile(conflicting, FABRIC.switches().get(0).name()));

    assertThat(e.rule()).isEqualTo("gpu-allocated-twice");
    assertThat(e.element()).isEqualTo("gpu " + gpu);
    assertThat(e).hasMessageContaining(victim.id()).hasMessageContaining("z-intruder");
  }

  /** About one switch in {@code oneIn} of the fabric, chosen by {@code seed}, in name order. */
  private static Set<SwitchName> someSwitches(long seed, int oneIn) {
    Random random = new Random(seed);
    Set<SwitchName> some = new TreeSet<>();
    for (Switch sw : FABRIC.switches()) {
      if (random.nextInt(oneIn) == 0) {
        some.add(sw.name());
      }
    }
    return some;
  }
}
