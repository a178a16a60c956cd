package io.tenantfabric.model.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.SwitchName;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GpuPlacementTest {

  private static final Fabric FABRIC = Fabric.of(FabricPresets.named("h3c-s9825-1024"));

  private static Set<GpuId> gpusOfServers(int firstServer, int lastServer) {
    Set<GpuId> ids = new HashSet<>();
    for (int s = firstServer; s <= lastServer; s++) {
      ids.addAll(FABRIC.servers().get(s - 1).gpus());
    }
    return ids;
  }

  @Test
  void wholeServersComeFromTheRailGroupWithMostFreeWholeServers() {
    // group 0 (servers 1..32) has 2 whole servers left, group 1 (33..64) has 32
    Set<GpuId> busy = gpusOfServers(1, 30);
    busy.addAll(gpusOfServers(65, 128));

    List<GpuId> placed = GpuPlacement.place(FABRIC, new Occupancy(busy, Set.of(), Set.of()), 16);

    assertThat(placed)
        .extracting(id -> id.server().value())
        .containsOnly("gpu-node-033", "gpu-node-034");
  }

  @Test
  void remainderBestFitsIntoThePartlyUsedServerWithTheSmallestFittingFreeCount() {
    Set<GpuId> busy = new HashSet<>();
    // gpu-node-001 has 5 free, gpu-node-002 has 3 free, everything else is whole
    busy.addAll(FABRIC.servers().get(0).gpus().subList(0, 3));
    busy.addAll(FABRIC.servers().get(1).gpus().subList(0, 5));

    List<GpuId> placed = GpuPlacement.place(FABRIC, new Occupancy(busy, Set.of(), Set.of()), 11);

    assertThat(placed).filteredOn(id -> id.server().value().equals("gpu-node-002")).hasSize(3);
    assertThat(placed).filteredOn(id -> id.server().value().equals("gpu-node-001")).isEmpty();
    assertThat(placed.stream().map(GpuId::server).distinct()).hasSize(2);
  }

  @Test
  void skipsDrainedLeavesAndCordonedGpus() {
    Set<SwitchName> drained = Set.of(new SwitchName("leaf-01"));
    Set<GpuId> cordoned = Set.of(new GpuId("gpu-node-001/1"));

    List<GpuId> placed =
        GpuPlacement.place(FABRIC, new Occupancy(Set.of(), cordoned, drained), 1024 - 32 - 1);

    assertThat(placed).doesNotContain(new GpuId("gpu-node-001/1"));
    assertThat(placed)
        .allSatisfy(
            id ->
                assertThat(FABRIC.gpu(id).orElseThrow().leaf())
                    .isNotEqualTo(new SwitchName("leaf-01")));
  }

  @Test
  void aServerWithACordonedGpuIsNotWhole() {
    Set<GpuId> busy = gpusOfServers(3, 128);
    Set<GpuId> cordoned = Set.of(new GpuId("gpu-node-001/7"));

    List<GpuId> placed = GpuPlacement.place(FABRIC, new Occupancy(busy, cordoned, Set.of()), 8);

    assertThat(placed).extracting(id -> id.server().value()).containsOnly("gpu-node-002");
  }

  @Test
  void refusesWithTheFreeCapacityInTheMessage() {
    Set<GpuId> busy = gpusOfServers(1, 127);

    assertThatThrownBy(() -> GpuPlacement.place(FABRIC, new Occupancy(busy, Set.of(), Set.of()), 9))
        .isInstanceOf(InsufficientCapacityException.class)
        .hasMessage(
            "requested 9 GPUs but only 8 are free (busy, cordoned and drained-leaf GPUs excluded)");
  }

  @Test
  void aFullFabricCanBePlacedAndEveryGpuIsUsedOnce() {
    List<GpuId> placed = GpuPlacement.place(FABRIC, Occupancy.empty(), 1024);

    assertThat(placed).hasSize(1024).doesNotHaveDuplicates();
  }

  @Test
  void zeroOrNegativeRequestsAreRejected() {
    assertThatThrownBy(() -> GpuPlacement.place(FABRIC, Occupancy.empty(), 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void onTheThreeTierFabricAWholeServerRequestStaysInOneRailGroup() {
    Fabric big = Fabric.of(FabricPresets.named("h3c-s9825-10240"));

    List<GpuId> placed = GpuPlacement.place(big, Occupancy.empty(), 256);

    assertThat(
            placed.stream()
                .map(id -> big.server(id.server()).map(GpuServer::railGroup).orElseThrow())
                .distinct())
        .hasSize(1);
  }
}
