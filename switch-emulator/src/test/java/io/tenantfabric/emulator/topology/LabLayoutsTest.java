package io.tenantfabric.emulator.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The lab layouts: their specs as sent to the controller, and the fabrics the emulator builds. */
class LabLayoutsTest {
  static Optional<CableEnd> planned(FabricPlan plan, String device, String port) {
    CableEnd here = CableEnd.port(device, port);
    for (PlannedCable c : plan.cables()) {
      if (c.a().equals(here)) {
        return Optional.of(c.b());
      }
      if (c.b().equals(here)) {
        return Optional.of(c.a());
      }
    }
    return Optional.empty();
  }

  static long gpus(FabricPlan plan) {
    return plan.cables().stream().filter(c -> c.b() instanceof CableEnd.ServerNic).count();
  }

  @Test
  void theGrowthStartsWithSixSwitchesOfEightPortsAndSixteenGpus() {
    FabricSpec spec = FabricLayouts.spec(FabricLayouts.GROWTH_A);
    assertThat(spec.name()).isEqualTo("emulator-growth-a");
    assertThat(spec.portsPerSwitch()).isEqualTo(8);
    assertThat(Fabric.of(spec).gpus()).hasSize(16);
    FabricPlan plan = FabricLayouts.plan(FabricLayouts.GROWTH_A, false);
    assertThat(plan.switches()).hasSize(6);
    assertThat(plan.servers()).hasSize(4);
    assertThat(gpus(plan)).isEqualTo(16);
    assertThat(plan.switches())
        .allSatisfy(
            s -> {
              assertThat(s.ports()).hasSize(8);
              assertThat(s.frontPanelPorts()).isEqualTo(8);
            });
    assertThat(planned(plan, "leaf-01", "FourHundredGigE1/0/7"))
        .contains(CableEnd.port("spine-01", "FourHundredGigE1/0/2"));
  }

  @Test
  void theGrownFabricHasTwelveSwitchesAndThirtyTwoGpus() {
    FabricSpec spec = FabricLayouts.spec(FabricLayouts.GROWTH_B);
    assertThat(spec.spinePortLanes()).isEqualTo(2);
    assertThat(Fabric.of(spec).gpus()).hasSize(32);
    FabricPlan plan = FabricLayouts.plan(FabricLayouts.GROWTH_B, false);
    assertThat(plan.switches()).hasSize(12).allSatisfy(s -> assertThat(s.ports()).hasSize(8));
    assertThat(plan.servers()).hasSize(8);
    assertThat(gpus(plan)).isEqualTo(32);
    assertThat(planned(plan, "leaf-01", "FourHundredGigE1/0/7"))
        .as("the second uplink of the smaller fabric goes to a new spine")
        .contains(CableEnd.port("spine-03", "FourHundredGigE1/0/1"));
    assertThat(planned(plan, "leaf-01", "FourHundredGigE1/0/5"))
        .as("the first one stays")
        .contains(CableEnd.port("spine-01", "FourHundredGigE1/0/1"));
  }

  @Test
  void theNicSpeedFabricPutsItsFirstServerOn200gHalves() {
    FabricSpec spec = FabricLayouts.spec(FabricLayouts.NIC_SPEED);
    assertThat(spec.breakoutDownlinks())
        .containsExactly(new BreakoutPort("leaf-01", 1), new BreakoutPort("leaf-02", 1));
    FabricPlan plan = FabricLayouts.plan(FabricLayouts.NIC_SPEED, false);
    assertThat(plan.switches()).hasSize(4);
    assertThat(plan.servers()).hasSize(4);
    assertThat(gpus(plan)).isEqualTo(8);
    for (String leaf : List.of("leaf-01", "leaf-02")) {
      assertThat(FabricLayoutsTest.named(plan, leaf).ports())
          .hasSize(9)
          .startsWith("TwoHundredGigE1/0/1:1", "TwoHundredGigE1/0/1:2", "FourHundredGigE1/0/2");
      assertThat(FabricLayoutsTest.named(plan, leaf).frontPanelPorts()).isEqualTo(8);
    }
    assertThat(planned(plan, "leaf-01", "TwoHundredGigE1/0/1:1"))
        .contains(CableEnd.nic("gpu-node-001", "mlx5_0"));
    assertThat(planned(plan, "leaf-02", "TwoHundredGigE1/0/1:1"))
        .contains(CableEnd.nic("gpu-node-001", "mlx5_1"));
    assertThat(planned(plan, "leaf-01", "FourHundredGigE1/0/2"))
        .contains(CableEnd.nic("gpu-node-002", "mlx5_0"));
  }

  @Test
  void onlyModelLayoutsHaveASpec() {
    assertThat(FabricLayouts.spec("h3c-s9825-1024").spinesPerPod()).isEqualTo(16);
    assertThat(FabricLayouts.names())
        .contains("emulator-growth-a", "emulator-growth-b", "emulator-nic-speed");
    assertThatThrownBy(() -> FabricLayouts.spec(FabricLayouts.MINI))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FabricLayouts.spec("nope"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theSmallerFabricIsInstalledAndCabledAsItPlans() {
    GrowthPlan g = GrowthPlan.of(FabricLayouts.GROWTH_B, FabricLayouts.GROWTH_A, false);
    assertThat(g.target().switches()).hasSize(12);
    assertThat(g.installed())
        .containsExactlyInAnyOrder(
            "spine-01", "spine-02", "leaf-01", "leaf-02", "leaf-03", "leaf-04");
    assertThat(g.cabled()).isEqualTo(FabricLayouts.plan(FabricLayouts.GROWTH_A, false).cables());
    assertThatThrownBy(() -> GrowthPlan.of(FabricLayouts.GROWTH_A, FabricLayouts.GROWTH_B, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("spine-03");
    assertThat(GrowthPlan.of(FabricLayouts.GROWTH_A, null, false).installed()).hasSize(6);
  }
}
