package io.tenantfabric.controller.growth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.controller.operation.GrowthPlanView;
import io.tenantfabric.controller.operation.GrowthStepView;
import io.tenantfabric.model.growth.GrowthRejectedException;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The plan as stored and shown, 1024 -> 2048: every move keeps its old leaf's port and moves the
 * spine end, one uplink per leaf per step; new switches named with their roles; the GPUs that join
 * counted once; and a shrink refused with the core's reasons.
 */
class GrowthPlanViewsTest {

  static final Fabric FROM = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024));
  static final Fabric TO = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_2048));

  @Test
  void theGrowthTo2048KeepsEachLeafsPortAndMovesOneUplinkPerLeafPerStep() {
    GrowthPlanView plan = GrowthPlanViews.of(FROM, TO);
    assertThat(plan.from()).isEqualTo(FabricPresets.H3C_S9825_1024);
    assertThat(plan.to()).isEqualTo(FabricPresets.H3C_S9825_2048);
    assertThat(plan.switchesToAdd()).hasSize(48);
    assertThat(plan.switchesToAdd())
        .filteredOn(s -> s.name().startsWith("spine-"))
        .allMatch(s -> s.role().equals("SPINE"))
        .hasSize(16);
    assertThat(plan.gpusToAdd()).isEqualTo(1024);
    assertThat(plan.serversToAdd()).hasSize(128);
    assertThat(plan.cablesKept()).isEqualTo(512);
    assertThat(plan.cablesToMove()).isEqualTo(512);
    assertThat(plan.cablesToAdd()).isEqualTo(1024);
    assertThat(plan.steps()).hasSize(21);
    int moves = 0;
    int gpus = 0;
    for (GrowthStepView step : plan.steps()) {
      Set<String> leaves = new HashSet<>();
      for (GrowthStepView.CableMoveView m : step.moves()) {
        moves++;
        assertThat(m.kept().device()).startsWith("leaf-");
        assertThat(
                FROM.switchNamed(new io.tenantfabric.model.topology.SwitchName(m.kept().device())))
            .isPresent();
        assertThat(leaves.add(m.kept().device())).isTrue();
        assertThat(m.from().device()).isNotEqualTo(m.to().device());
      }
      gpus += step.gpus().size();
    }
    assertThat(moves).isEqualTo(512);
    assertThat(gpus).isEqualTo(1024);
    assertThat(plan.steps().get(0).kind()).isEqualTo("ONBOARD_UPPER");
    assertThat(plan.steps().get(20).kind()).isEqualTo("JOIN_LEAVES");
  }

  @Test
  void aShrinkIsNoGrowth() {
    assertThatThrownBy(() -> GrowthPlanViews.of(TO, FROM))
        .isInstanceOf(GrowthRejectedException.class)
        .hasMessageContaining("switch-removed");
  }
}
