package io.tenantfabric.model.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.compile.AllocationIntent;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.compile.RandomSnapshots;
import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.Switch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Verifier invariants over random intents compiled on the case study (with 200G sub-ports). */
class IsolationVerifierPropertiesTest {

  private static final Fabric FABRIC =
      Fabric.of(
          FabricPresets.named(FabricPresets.H3C_S9825_1024).toBuilder()
              .breakoutDownlinks(
                  List.of(new BreakoutPort("leaf-01", 1), new BreakoutPort("leaf-02", 7)))
              .build());

  /** 1..40 tenants, 0..100 % of the GPUs allocated, 0..2 shared prefixes. */
  @Provide
  Arbitrary<FabricSnapshot> intents() {
    return Combinators.combine(
            Arbitraries.longs(),
            Arbitraries.integers().between(1, 40),
            Arbitraries.integers().between(0, 100),
            Arbitraries.integers().between(0, 2))
        .as(
            (seed, tenants, busy, shared) ->
                RandomSnapshots.of(FABRIC, seed, tenants, busy, shared));
  }

  /** As {@link #intents()}, with at least two tenants and some GPUs allocated. */
  @Provide
  Arbitrary<FabricSnapshot> busyIntents() {
    return Combinators.combine(
            Arbitraries.longs(),
            Arbitraries.integers().between(2, 40),
            Arbitraries.integers().between(5, 100))
        .as((seed, tenants, busy) -> RandomSnapshots.of(FABRIC, seed, tenants, busy, 0));
  }

  @Property(tries = 60)
  void fabricObservedAsCompiledIsCleanWithOnePortPerAllocatedGpu(
      @ForAll("intents") FabricSnapshot intent) {
    AuditReport r = AuditFixture.of(intent).audit();

    assertThat(r.status()).isEqualTo(AuditStatus.CLEAN);
    assertThat(r.findings()).isEmpty();
    assertThat(r.switchesRead()).isEqualTo(FABRIC.switches().size());
    Set<String> allocated =
        intent.allocations().stream()
            .flatMap(a -> a.gpus().stream())
            .map(GpuId::value)
            .collect(Collectors.toSet());
    assertThat(r.tenantPorts()).hasSize(allocated.size());
    for (PortEvidence p : r.tenantPorts()) {
      Gpu gpu = FABRIC.gpu(new GpuId(p.gpu())).orElseThrow();
      assertThat(allocated).contains(p.gpu());
      assertThat(gpu.leaf().value()).isEqualTo(p.switchName());
      assertThat(gpu.port().value()).isEqualTo(p.port());
      assertThat(p.vsi()).isEqualTo("t-" + p.tenant());
      assertThat(p.lossless()).isTrue();
    }
  }

  @Property(tries = 40)
  void sameObservationsInAnyOrderGiveTheSameReport(
      @ForAll("intents") FabricSnapshot intent, @ForAll long seed) {
    AuditFixture f = mutatedAtRandom(intent, new Random(seed));
    AuditInput input = f.input();
    List<SwitchObservation> shuffled = new ArrayList<>(input.switches());
    Collections.shuffle(shuffled, new Random(seed));
    AuditInput reordered =
        new AuditInput(input.fabric(), input.tenants(), shuffled, input.context());

    AuditReport first = IsolationVerifier.verify(input);

    assertThat(IsolationVerifier.verify(reordered)).isEqualTo(first);
    assertThat(IsolationVerifier.verify(input)).isEqualTo(first);
  }

  @Property(tries = 60)
  void portOfOneTenantInAnothersVsiIsAnIsolationFindingNamingBoth(
      @ForAll("busyIntents") FabricSnapshot intent, @ForAll long seed) {
    Map<String, TenantIdentity> tenants = AuditFixture.identities(intent);
    Assume.that(tenants.size() >= 2 && !intent.allocations().isEmpty());
    Random random = new Random(seed);
    AllocationIntent a = intent.allocations().get(random.nextInt(intent.allocations().size()));
    List<GpuId> gpus = new ArrayList<>(a.gpus());
    Gpu gpu = FABRIC.gpu(gpus.get(random.nextInt(gpus.size()))).orElseThrow();
    List<String> others = new ArrayList<>(tenants.keySet());
    others.remove(a.tenant());
    TenantIdentity b = tenants.get(others.get(random.nextInt(others.size())));
    AuditFixture f = AuditFixture.of(intent);
    String leaf = gpu.leaf().value();
    if (!f.observed(leaf).vsis().containsKey("t-" + b.name())) {
      f.addVsi(leaf, "t-" + b.name(), b.vni().value());
    }

    AuditReport r = f.movePort(leaf, gpu.port(), "t-" + b.name()).audit();

    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
    assertThat(r.findings())
        .filteredOn(x -> x.findingClass() == FindingClass.ISOLATION)
        .anySatisfy(x -> assertThat(x.tenants()).contains(a.tenant(), b.name()));
  }

  @Property(tries = 60)
  void aServiceInstanceOfAnyEncapsulationJoiningAnotherTenantsVsiIsAnIsolationFindingNamingBoth(
      @ForAll("busyIntents") FabricSnapshot intent,
      @ForAll("encapsulations") ServiceEncapsulation match,
      @ForAll long seed) {
    Map<String, TenantIdentity> tenants = AuditFixture.identities(intent);
    Assume.that(tenants.size() >= 2 && !intent.allocations().isEmpty());
    Random random = new Random(seed);
    AllocationIntent a = intent.allocations().get(random.nextInt(intent.allocations().size()));
    List<GpuId> gpus = new ArrayList<>(a.gpus());
    Gpu gpu = FABRIC.gpu(gpus.get(random.nextInt(gpus.size()))).orElseThrow();
    List<String> others = new ArrayList<>(tenants.keySet());
    others.remove(a.tenant());
    TenantIdentity b = tenants.get(others.get(random.nextInt(others.size())));
    AuditFixture f = AuditFixture.of(intent);
    String leaf = gpu.leaf().value();
    if (!f.observed(leaf).vsis().containsKey("t-" + b.name())) {
      f.addVsi(leaf, "t-" + b.name(), b.vni().value());
    }
    PortExtra bridge =
        new PortExtra.Service(2 + random.nextInt(4000), match, Optional.of("t-" + b.name()));

    AuditReport r = f.addExtra(leaf, gpu.port(), bridge).audit();

    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
    assertThat(r.findings())
        .filteredOn(x -> x.kind() == FindingKind.FOREIGN_PORT_IN_VSI)
        .anySatisfy(
            x -> {
              assertThat(x.tenants()).contains(a.tenant(), b.name());
              assertThat(x.port()).isEqualTo(gpu.port().value());
            });
  }

  /** Every kind of match a service instance can have, unreadable ones included. */
  @Provide
  Arbitrary<ServiceEncapsulation> encapsulations() {
    return Arbitraries.of(
        ServiceEncapsulation.of(ServiceEncapsulation.Kind.DEFAULT),
        ServiceEncapsulation.untagged(),
        ServiceEncapsulation.of(ServiceEncapsulation.Kind.TAGGED),
        ServiceEncapsulation.serviceVlan("100", false),
        ServiceEncapsulation.serviceVlan("4094", true),
        ServiceEncapsulation.qinq("100", "200"),
        ServiceEncapsulation.qinq("100", "all"),
        ServiceEncapsulation.customerVlan("7"),
        ServiceEncapsulation.unreadable("s-vid 100 second-dot1q 7"));
  }

  @Property(tries = 40)
  void anUnreadableSwitchNeverLeavesTheAuditClean(
      @ForAll("intents") FabricSnapshot intent, @ForAll long seed) {
    Random random = new Random(seed);
    AuditFixture f = mutatedAtRandom(intent, random);
    List<Switch> switches = FABRIC.switches();
    int unread = 1 + random.nextInt(3);
    for (int i = 0; i < unread; i++) {
      f.unreadable(switches.get(random.nextInt(switches.size())).name().value(), "timeout");
    }

    AuditReport r = f.audit();

    assertThat(r.status()).isNotEqualTo(AuditStatus.CLEAN);
    assertThat(r.unreadable()).isNotEmpty();
    boolean wrong =
        r.findings().stream()
            .anyMatch(
                x ->
                    x.findingClass() == FindingClass.ISOLATION
                        || x.findingClass() == FindingClass.UNMODELED);
    assertThat(r.status()).isEqualTo(wrong ? AuditStatus.FINDINGS : AuditStatus.INCOMPLETE);
  }

  /** The compiled intent with 0..3 convergence drifts on random leaves (harmless to isolation). */
  private static AuditFixture mutatedAtRandom(FabricSnapshot intent, Random random) {
    AuditFixture f = AuditFixture.of(intent);
    List<Switch> leaves = FABRIC.leaves();
    int drifts = random.nextInt(4);
    for (int i = 0; i < drifts; i++) {
      String leaf = leaves.get(random.nextInt(leaves.size())).name().value();
      int port = 10 + random.nextInt(20);
      if (random.nextBoolean()) {
        f.dropPfc(leaf, 40 + random.nextInt(20)); // an uplink
      } else if (f.observed(leaf).ports().get(AuditFixture.port(port)).binding().isEmpty()) {
        f.bringUp(leaf, port);
      } else {
        f.removeBinding(leaf, port);
      }
    }
    return f;
  }
}
