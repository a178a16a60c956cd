package io.tenantfabric.emulator.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.CableEnd;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a preset plans beyond its switches: underlay addresses, servers and cables. */
class FabricLayoutsTest {
  static SwitchLayout named(FabricPlan plan, String name) {
    return plan.switches().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void theCaseStudyPlansEveryLinkAndEveryGpuCable() {
    FabricPlan plan = FabricLayouts.plan("h3c-s9825-1024", false);
    assertThat(plan.switches()).hasSize(48);
    assertThat(plan.servers()).hasSize(128);
    assertThat(plan.servers().get(0))
        .isEqualTo(
            new ServerLayout(
                "gpu-node-001",
                List.of(
                    "mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6",
                    "mlx5_7")));
    long links = plan.cables().stream().filter(c -> c.b() instanceof CableEnd.SwitchPort).count();
    long gpus = plan.cables().stream().filter(c -> c.b() instanceof CableEnd.ServerNic).count();
    assertThat(links).as("32 leaves x 16 spines x 2").isEqualTo(1024);
    assertThat(gpus).isEqualTo(1024);
    assertThat(plan.cables())
        .allSatisfy(
            c -> {
              if (c.b() instanceof CableEnd.ServerNic n) {
                assertThat(n.nic()).matches("mlx5_[0-7]");
                assertThat(c.a().device()).startsWith("leaf-");
              }
            });
  }

  @Test
  void leavesAndSpinesPeerWithEachOtherOverTheirLoopbacks() {
    FabricPlan plan = FabricLayouts.plan("h3c-s9825-1024", false);
    Underlay leaf = named(plan, "leaf-01").underlay();
    assertThat(leaf.loopback()).isEqualTo("10.255.1.1");
    assertThat(leaf.asNumber()).isEqualTo(65000);
    assertThat(leaf.peers()).hasSize(16).startsWith("10.255.0.1").endsWith("10.255.0.16");
    Underlay spine = named(plan, "spine-16").underlay();
    assertThat(spine.loopback()).isEqualTo("10.255.0.16");
    assertThat(spine.peers()).hasSize(32).contains("10.255.1.32");
  }

  @Test
  void leavesOnlyLeavesTheUplinksUncabled() {
    FabricPlan plan = FabricLayouts.plan("h3c-s9825-1024", true);
    assertThat(plan.switches()).hasSize(32);
    assertThat(plan.cables()).hasSize(1024).allMatch(c -> c.b() instanceof CableEnd.ServerNic);
    assertThat(named(plan, "leaf-01").underlay().peers()).hasSize(16);
  }

  @Test
  void theMiniFabricHasNoServersAndNoCables() {
    FabricPlan plan = FabricLayouts.plan(FabricLayouts.MINI, false);
    assertThat(plan.servers()).isEmpty();
    assertThat(plan.cables()).isEmpty();
    assertThat(named(plan, "leaf-02").underlay())
        .isEqualTo(new Underlay("10.255.1.2", 65000, List.of("10.255.0.1")));
    assertThat(named(plan, "spine-01").underlay().peers())
        .containsExactly("10.255.1.1", "10.255.1.2");
  }

  @Test
  void loopbacksGoOnInTheNextPairOfSubnetsAfter254Switches() {
    assertThat(Underlay.spineLoopback(254)).isEqualTo("10.255.0.254");
    assertThat(Underlay.spineLoopback(255)).isEqualTo("10.255.2.1");
    assertThat(Underlay.leafLoopback(320)).isEqualTo("10.255.3.66");
  }
}
