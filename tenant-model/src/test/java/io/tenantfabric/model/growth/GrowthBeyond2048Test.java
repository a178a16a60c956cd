package io.tenantfabric.model.growth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Past 2,048 GPUs: the 2048 fabric grows live into the 3-tier grown layout, not into 10240. */
class GrowthBeyond2048Test {

  private static final Fabric FROM = Fabric.of(FabricPresets.named("h3c-s9825-2048"));
  private static final Fabric TO = Fabric.of(FabricPresets.named("h3c-s9825-10240-grown"));
  private static final GrowthPlan PLAN = GrowthPlanner.plan(FROM, TO);

  @Test
  void the10240LayoutCannotBeReachedSinceEveryOldNameIsGone() {
    Fabric layout = Fabric.of(FabricPresets.named("h3c-s9825-10240"));

    GrowthRejectedException e =
        catchThrowableOfType(GrowthRejectedException.class, () -> GrowthPlanner.plan(FROM, layout));

    assertThat(e.violations()).filteredOn(v -> v.rule().equals("switch-removed")).hasSize(96);
    assertThat(e.violations()).filteredOn(v -> v.rule().equals("server-removed")).hasSize(256);
  }

  @Test
  void everySwitchStaysInServiceAndNoLeafIsReroled() {
    for (Switch s : FROM.switches()) {
      Switch target = TO.switchNamed(s.name()).orElseThrow();
      assertThat(target.role()).isEqualTo(s.role());
    }
    assertThat(TO.gpus()).hasSizeGreaterThanOrEqualTo(10_000);
    assertThat(PLAN.switchesToAdd()).hasSize(704);
    assertThat(PLAN.switchesToAdd().stream().filter(s -> s.role() == SwitchRole.SUPER_SPINE))
        .hasSize(160);
    assertThat(PLAN.switchesToAdd().stream().filter(s -> s.role() == SwitchRole.SPINE))
        .hasSize(288);
    assertThat(PLAN.serversToAdd()).hasSize(1024);
    assertThat(PLAN.gpusToRecable()).isEmpty();
  }

  @Test
  void everyCableIsKeptMovedOrAdded() {
    assertThat(PLAN.cablesKept()).hasSize(1024);
    assertThat(PLAN.cablesToMove()).hasSize(1024);
    assertThat(PLAN.cablesToAdd()).hasSize(18_432);
    assertThat(PLAN.cablesToRemove()).isEmpty();
    assertThat(PLAN.resultingLinks()).isEqualTo(new HashSet<>(TO.links()));
    Set<Link> accounted = new HashSet<>(PLAN.cablesKept());
    PLAN.cablesToMove().forEach(m -> accounted.add(m.from()));
    assertThat(accounted).isEqualTo(new HashSet<>(FROM.links()));
    // the second pod's leaves keep their ports and move their spine end into their pod
    assertThat(PLAN.cablesToMove())
        .allSatisfy(
            m -> {
              assertThat(m.keptEnd()).isEqualTo("lower");
              assertThat(TO.switchNamed(m.to().lower()).orElseThrow().pod()).isEqualTo(2);
              assertThat(TO.switchNamed(m.to().upper()).orElseThrow().pod()).isEqualTo(2);
            });
  }

  @Test
  void theScheduleMovesAtMostOneUplinkPerLeafPerStep() {
    List<GrowthStep> steps = GrowthSchedule.of(PLAN, FROM, TO);

    assertThat(steps).hasSize(66);
    assertThat(steps.get(0).switchesToOnboard()).hasSize(160);
    assertThat(steps.get(1).switchesToOnboard()).hasSize(288);
    assertThat(steps.get(1).cablesToAdd()).hasSize(288 * 32);
    for (GrowthStep round : steps.subList(2, 34)) {
      assertThat(round.kind()).isEqualTo(GrowthStepKind.MOVE_UPLINKS);
      assertThat(round.cablesToMove()).hasSize(32);
      // the old spine the round empties joins the super-spines on the ports it frees
      assertThat(round.cablesToAdd()).hasSize(32);
    }
    for (GrowthStep join : steps.subList(34, 66)) {
      assertThat(join.kind()).isEqualTo(GrowthStepKind.JOIN_LEAVES);
      assertThat(join.switchesToOnboard()).hasSize(8);
      assertThat(join.cablesToAdd()).hasSize(256);
      assertThat(join.serversToJoin()).hasSize(32);
    }
    Schedules.assertHoldsTheRules(PLAN, FROM, TO, steps);
  }
}
