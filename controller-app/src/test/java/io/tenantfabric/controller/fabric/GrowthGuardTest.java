package io.tenantfabric.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.GpuId;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The controller's own growth rule: no GPU a live allocation holds is re-cabled. Breaking out a
 * leaf's first downlink moves the GPU on it from {@code FourHundredGigE1/0/1} to {@code
 * TwoHundredGigE1/0/1:1}.
 */
class GrowthGuardTest {
  private static final FabricSpec SMALL =
      FabricSpec.builder("small")
          .spinesPerPod(4)
          .leavesPerPod(8)
          .leafDownlinks(8)
          .leafUplinksPerSpine(2)
          .build();
  private static final Fabric FROM = Fabric.of(SMALL);
  private static final Fabric BROKEN_OUT =
      Fabric.of(
          SMALL.toBuilder().breakoutDownlinks(List.of(new BreakoutPort("leaf-01", 1))).build());
  private static final GpuId MOVED = new GpuId("gpu-node-001/0");

  @Test
  void aBusyGpuThatWouldBeRecabledRefusesTheGrowthNamingItAndWhereItWouldGo() {
    GrowthGuard.Verdict v = GrowthGuard.check(FROM, BROKEN_OUT, Set.of(MOVED));

    assertThat(v.refused()).isTrue();
    assertThat(v.reasons())
        .containsExactly(
            "gpu-busy [gpu-node-001/0]: has a live allocation and would be re-cabled to leaf-01"
                + " TwoHundredGigE1/0/1:1");
  }

  @Test
  void theSameGrowthWithThatGpuFreeIsAPlanThatRecablesIt() {
    GrowthGuard.Verdict v =
        GrowthGuard.check(FROM, BROKEN_OUT, Set.of(new GpuId("gpu-node-002/0")));

    assertThat(v.refused()).isFalse();
    assertThat(v.plan().gpusToRecable()).extracting(g -> g.id()).containsExactly(MOVED);
  }
}
