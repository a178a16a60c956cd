package io.tenantfabric.controller.nicspeed;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.operation.NicSpeedTarget.LeafPort;
import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.PortName;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spec edit of a NIC speed change: the server's breakouts go in or out, the rest stays. */
class BreakoutEditTest {

  static final FabricSpec LAB =
      FabricSpec.builder("lab")
          .tiers(2)
          .portsPerSwitch(8)
          .leafDownlinks(4)
          .spinesPerPod(2)
          .leavesPerPod(2)
          .leafUplinksPerSpine(2)
          .gpusPerServer(2)
          .breakoutDownlinks(
              List.of(
                  new BreakoutPort("leaf-01", 1),
                  new BreakoutPort("leaf-02", 1),
                  new BreakoutPort("leaf-01", 3)))
          .build();

  @Test
  void toFourHundredRemovesOnlyTheServersEntries() {
    Fabric fabric = Fabric.of(LAB);
    GpuServer first = fabric.servers().get(0);
    List<LeafPort> ports = BreakoutEdit.ports(fabric, first);
    assertThat(ports).containsExactly(new LeafPort("leaf-01", 1), new LeafPort("leaf-02", 1));
    assertThat(BreakoutEdit.speedOf(fabric, first)).isEqualTo(200);

    FabricSpec joined = BreakoutEdit.respec(LAB, ports, 400);

    assertThat(joined.breakoutDownlinks()).containsExactly(new BreakoutPort("leaf-01", 3));
    Fabric after = Fabric.of(joined);
    assertThat(BreakoutEdit.speedOf(after, after.servers().get(0))).isEqualTo(400);
    assertThat(after.gpu(first.gpus().get(0)).orElseThrow().port())
        .isEqualTo(PortName.fourHundred(1));
  }

  @Test
  void toTwoHundredAddsTheServersEntriesOnceAndBackIsTheSameSpec() {
    FabricSpec joined = BreakoutEdit.respec(LAB, List.of(new LeafPort("leaf-01", 1)), 400);
    List<LeafPort> second = List.of(new LeafPort("leaf-01", 2), new LeafPort("leaf-02", 2));

    FabricSpec split = BreakoutEdit.respec(joined, second, 200);

    assertThat(split.breakoutDownlinks())
        .containsExactly(
            new BreakoutPort("leaf-02", 1),
            new BreakoutPort("leaf-01", 3),
            new BreakoutPort("leaf-01", 2),
            new BreakoutPort("leaf-02", 2));
    assertThat(BreakoutEdit.respec(split, second, 200)).isEqualTo(split);
    assertThat(BreakoutEdit.respec(split, second, 400)).isEqualTo(joined);
  }

  @Test
  void theNamesOnEachSideOfTheChange() {
    LeafPort p = new LeafPort("leaf-01", 2);
    assertThat(BreakoutEdit.before(p, 200)).containsExactly(PortName.fourHundred(2));
    assertThat(BreakoutEdit.after(p, 200)).isEqualTo(PortName.twoHundred(2, 1));
    assertThat(BreakoutEdit.before(p, 400))
        .containsExactly(PortName.twoHundred(2, 1), PortName.twoHundred(2, 2));
    assertThat(BreakoutEdit.after(p, 400)).isEqualTo(PortName.fourHundred(2));
  }
}
