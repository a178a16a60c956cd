package io.tenantfabric.model.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PortPurposeTest {

  private static final SwitchName LEAF_01 = new SwitchName("leaf-01");
  private static final SwitchName SPINE_01 = new SwitchName("spine-01");

  /** 2 spines, 8 leaves of 4 downlinks and 2 x 2 uplinks on 64-port switches: most ports unused. */
  private static final FabricSpec SPARSE =
      FabricSpec.builder("sparse")
          .spinesPerPod(2)
          .leavesPerPod(8)
          .leafDownlinks(4)
          .leafUplinksPerSpine(2)
          .build();

  static List<String> presets() {
    return List.copyOf(FabricPresets.names());
  }

  @Test
  void anEmptyServerSlotIsAGpuPort() {
    Fabric oneServer = Fabric.of(SPARSE.toBuilder().servers(1).build());

    assertThat(oneServer.gpusOn(LEAF_01)).extracting(Gpu::port).containsExactly(port(1));
    assertThat(oneServer.purposeOf(LEAF_01, port(1))).isEqualTo(PortPurpose.GPU);
    assertThat(oneServer.purposeOf(LEAF_01, port(2))).isEqualTo(PortPurpose.GPU);
    assertThat(oneServer.purposeOf(LEAF_01, port(4))).isEqualTo(PortPurpose.GPU);
  }

  @Test
  void linkEndsAreFabricPortsAndTheRestUnused() {
    Fabric fabric = Fabric.of(SPARSE);

    assertThat(fabric.purposeOf(LEAF_01, port(5))).isEqualTo(PortPurpose.FABRIC);
    assertThat(fabric.purposeOf(LEAF_01, port(8))).isEqualTo(PortPurpose.FABRIC);
    assertThat(fabric.purposeOf(LEAF_01, port(9))).isEqualTo(PortPurpose.UNUSED);
    assertThat(fabric.purposeOf(SPINE_01, port(1))).isEqualTo(PortPurpose.FABRIC);
    assertThat(fabric.purposeOf(SPINE_01, port(16))).isEqualTo(PortPurpose.FABRIC);
    assertThat(fabric.purposeOf(SPINE_01, port(17))).isEqualTo(PortPurpose.UNUSED);
  }

  @Test
  void bothHalvesOfABreakoutAreGpuPorts() {
    Fabric fabric =
        Fabric.of(
            SPARSE.toBuilder().breakoutDownlinks(List.of(new BreakoutPort("leaf-01", 2))).build());

    assertThat(fabric.purposeOf(LEAF_01, PortName.twoHundred(2, 1))).isEqualTo(PortPurpose.GPU);
    assertThat(fabric.purposeOf(LEAF_01, PortName.twoHundred(2, 2))).isEqualTo(PortPurpose.GPU);
  }

  @Test
  void aSwitchOfAnotherFabricIsRefused() {
    Fabric fabric = Fabric.of(SPARSE);

    assertThatThrownBy(() -> fabric.purposeOf(new SwitchName("leaf-99"), port(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("leaf-99");
  }

  /** Every preset fills every slot, so a GPU port is exactly a port with a GPU on it. */
  @ParameterizedTest
  @MethodSource("presets")
  void presetsHaveAGpuOnEveryGpuPortAndNoUnusedPort(String preset) {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    for (Switch s : fabric.switches()) {
      List<PortName> withGpu = fabric.gpusOn(s.name()).stream().map(Gpu::port).toList();
      for (PortName p : fabric.portsOf(s.name())) {
        PortPurpose purpose = fabric.purposeOf(s.name(), p);
        assertThat(purpose).as("%s %s", s.name(), p).isNotEqualTo(PortPurpose.UNUSED);
        assertThat(purpose == PortPurpose.GPU)
            .as("%s %s", s.name(), p)
            .isEqualTo(withGpu.contains(p));
      }
    }
  }

  private static PortName port(int n) {
    return PortName.fourHundred(n);
  }
}
