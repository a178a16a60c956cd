package io.tenantfabric.model.growth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GrowthPlannerTest {

  private static final Fabric CASE_STUDY = Fabric.of(FabricPresets.named("h3c-s9825-1024"));
  private static final Fabric GROWN = Fabric.of(FabricPresets.named("h3c-s9825-2048"));

  @Test
  void growingTheCaseStudyAddsSixteenSpinesAndThirtyTwoLeavesAndReplacesNothing() {
    GrowthPlan plan = GrowthPlanner.plan(CASE_STUDY, GROWN);

    assertThat(plan.switchesToAdd()).hasSize(48);
    assertThat(plan.switchesToAdd().stream().filter(s -> s.role() == SwitchRole.SPINE))
        .extracting(s -> s.name().value())
        .first()
        .isEqualTo("spine-17");
    assertThat(plan.switchesToAdd().stream().filter(s -> s.role() == SwitchRole.LEAF)).hasSize(32);
    for (Switch s : CASE_STUDY.switches()) {
      assertThat(GROWN.switchNamed(s.name())).contains(s);
    }
    assertThat(plan.serversToAdd()).hasSize(128);
    assertThat(plan.gpusToRecable()).isEmpty();
  }

  @Test
  void growingKeepsHalfOfTheUplinksAndMovesOnlyTheSpineEndOfTheOthers() {
    GrowthPlan plan = GrowthPlanner.plan(CASE_STUDY, GROWN);

    assertThat(plan.cablesKept()).hasSize(512);
    assertThat(plan.cablesToMove()).hasSize(512);
    assertThat(plan.cablesToMove()).extracting(CableMove::keptEnd).containsOnly("lower");
    assertThat(plan.cablesToAdd()).hasSize(1024);
    assertThat(plan.cablesToRemove()).isEmpty();
    // every moved cable goes from an old spine to one of the new spines
    assertThat(plan.cablesToMove())
        .allSatisfy(
            m -> {
              assertThat(CASE_STUDY.switchNamed(m.to().upper())).isEmpty();
              assertThat(m.from().lowerPort()).isEqualTo(m.to().lowerPort());
            });
  }

  @Test
  void theResultIsExactlyTheTargetCablingAndValidatesAsNonBlocking() {
    GrowthPlan plan = GrowthPlanner.plan(CASE_STUDY, GROWN);

    assertThat(plan.resultingLinks()).isEqualTo(new HashSet<>(GROWN.links()));
    Fabric result = Fabric.of(GROWN.spec());
    assertThat(result.spec().oversubscription()).isEqualTo(1.0);
    for (Switch leaf : result.leaves()) {
      long up =
          result.linksOf(leaf.name()).stream().filter(l -> l.lower().equals(leaf.name())).count();
      assertThat(up).isEqualTo(result.gpusOn(leaf.name()).size());
    }
  }

  @Test
  void everyOldCableEndsUpKeptOrMovedNeverPulled() {
    GrowthPlan plan = GrowthPlanner.plan(CASE_STUDY, GROWN);

    Set<Link> accounted = new HashSet<>(plan.cablesKept());
    plan.cablesToMove().forEach(m -> accounted.add(m.from()));
    assertThat(accounted).isEqualTo(new HashSet<>(CASE_STUDY.links()));
  }

  @Test
  void shrinkingIsRefusedNamingEachSwitchThatWouldGo() {
    GrowthRejectedException e =
        catchThrowableOfType(
            GrowthRejectedException.class, () -> GrowthPlanner.plan(GROWN, CASE_STUDY));

    assertThat(e.violations())
        .filteredOn(v -> v.rule().equals("switch-removed"))
        .extracting(GrowthViolation::element)
        .contains("spine-17", "spine-32", "leaf-33", "leaf-64")
        .hasSize(48);
    assertThat(e).hasMessageContaining("spine-17 is not in h3c-s9825-1024");
  }

  @Test
  void changingTierLayoutIsRefusedAsReplacingSwitches() {
    Fabric threeTier = Fabric.of(FabricPresets.named("h3c-s9825-10240"));

    GrowthRejectedException e =
        catchThrowableOfType(
            GrowthRejectedException.class, () -> GrowthPlanner.plan(CASE_STUDY, threeTier));

    // the 3-tier names are wider (spine-001) so every old switch is gone
    assertThat(e.violations()).extracting(GrowthViolation::rule).contains("switch-removed");
  }

  @Test
  void aTwoTierFabricMayBecomePodOneOfAThreeTierOne() {
    var small =
        FabricSpec.builder("small")
            .spinesPerPod(4)
            .leavesPerPod(8)
            .leafDownlinks(8)
            .leafUplinksPerSpine(2);
    Fabric twoTier = Fabric.of(small.build());
    Fabric podded = Fabric.of(small.tiers(3).superSpines(2).spineUplinks(16).build());

    GrowthPlan plan = GrowthPlanner.plan(twoTier, podded);

    assertThat(plan.switchesToAdd())
        .extracting(s -> s.name().value())
        .containsExactly("superspine-001", "superspine-002");
    assertThat(plan.cablesKept()).hasSize(64);
    assertThat(plan.cablesToAdd()).hasSize(64);
  }

  @Test
  void movingSwitchesBetweenNumberedPodsIsRefusedAsAReplacement() {
    // names come from counts, so a role cannot change under the same name; a pod can
    var twoPods =
        FabricSpec.builder("pods")
            .tiers(3)
            .pods(2)
            .spinesPerPod(2)
            .leavesPerPod(8)
            .superSpines(2)
            .leafDownlinks(2)
            .leafUplinksPerSpine(1)
            .spineUplinks(8)
            .gpusPerServer(4);
    Fabric from = Fabric.of(twoPods.build());
    Fabric to = Fabric.of(twoPods.pods(4).leavesPerPod(4).spineUplinks(4).build());

    GrowthRejectedException e =
        catchThrowableOfType(GrowthRejectedException.class, () -> GrowthPlanner.plan(from, to));

    assertThat(e.violations())
        .filteredOn(v -> v.rule().equals("switch-pod-changed"))
        .extracting(GrowthViolation::element)
        .contains("leaf-05", "leaf-16")
        .hasSize(12);
    assertThat(e).hasMessageContaining("leaf-05 would move from pod 1 to pod 2");
  }

  @Test
  void planningTheSameFabricChangesNothing() {
    GrowthPlan plan = GrowthPlanner.plan(CASE_STUDY, CASE_STUDY);

    assertThat(plan.switchesToAdd()).isEmpty();
    assertThat(plan.cablesToMove()).isEmpty();
    assertThat(plan.cablesToAdd()).isEmpty();
    assertThat(plan.cablesKept()).hasSize(1024);
  }
}
