package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.support.LldpReads;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A breakout made at the CLI carries the cable in its cage: split, it is on the first 200G half;
 * joined, the first half's cable is on the 400G port and the second half's is pulled. LLDP, at both
 * ends, names the new port. The NIC-speed lab fabric, each test on its own leaf.
 */
class BreakoutCableIT {
  static EmulatedFabric fabric;

  @BeforeAll
  static void start() {
    fabric =
        EmulatedFabric.start(EmulatorOptions.builder().preset(FabricLayouts.NIC_SPEED).build());
  }

  @AfterAll
  static void stop() {
    fabric.close();
  }

  static String cli(String device, String... lines) {
    String echo = fabric.device(device).cli(List.of(lines));
    assertThat(echo).doesNotContain("%", "Please remove");
    return echo;
  }

  @Test
  void joiningMovesTheFirstHalfsCableAndPullsTheSecondsThenSplittingMovesItBack() throws Exception {
    EmulatedDevice leaf = fabric.device("leaf-01");
    CableEnd nic = CableEnd.nic("gpu-node-001", "mlx5_0");
    CableEnd other = CableEnd.nic("gpu-node-004", "mlx5_0");
    fabric.cable("leaf-01", "TwoHundredGigE1/0/1:2", other);
    assertThat(LldpReads.neighbour(leaf, "TwoHundredGigE1/0/1:1"))
        .containsEntry("SystemName", "gpu-node-001");

    cli("leaf-01", "interface TwoHundredGigE1/0/1:1", " using fourhundredgige");
    assertThat(fabric.cableAt("leaf-01", "FourHundredGigE1/0/1")).contains(nic);
    assertThat(fabric.cableAt("leaf-01", "TwoHundredGigE1/0/1:1")).isEmpty();
    assertThat(fabric.cableAt("leaf-01", "TwoHundredGigE1/0/1:2")).isEmpty();
    assertThat(fabric.cables().cableAt(other)).as("the second half's cable is pulled").isEmpty();
    assertThat(LldpReads.neighbour(leaf, "FourHundredGigE1/0/1"))
        .containsEntry("SystemName", "gpu-node-001")
        .containsEntry("PortID", "mlx5_0");
    assertThat(LldpReads.operStatus(leaf, "FourHundredGigE1/0/1")).isEqualTo("1");

    cli("leaf-01", "interface FourHundredGigE1/0/1", " using twohundredgige");
    assertThat(fabric.cableAt("leaf-01", "TwoHundredGigE1/0/1:1")).contains(nic);
    assertThat(fabric.cableAt("leaf-01", "FourHundredGigE1/0/1")).isEmpty();
    assertThat(LldpReads.neighbour(leaf, "TwoHundredGigE1/0/1:1"))
        .containsEntry("SystemName", "gpu-node-001");
    assertThat(LldpReads.neighbour(leaf, "TwoHundredGigE1/0/1:2")).isNull();
  }

  @Test
  void splittingAnUplinkRenamesItAtTheSpineToo() throws Exception {
    String uplink = "FourHundredGigE1/0/5";
    CableEnd.SwitchPort spinePort =
        (CableEnd.SwitchPort) fabric.cableAt("leaf-02", uplink).orElseThrow();
    EmulatedDevice spine = fabric.device(spinePort.device());
    assertThat(LldpReads.neighbour(spine, spinePort.port())).containsEntry("PortID", "400GE1/0/5");

    cli("leaf-02", "interface " + uplink, " using twohundredgige");
    assertThat(fabric.cableAt("leaf-02", "TwoHundredGigE1/0/5:1")).contains(spinePort);
    assertThat(fabric.cableAt(spinePort.device(), spinePort.port()))
        .contains(CableEnd.port("leaf-02", "TwoHundredGigE1/0/5:1"));
    assertThat(LldpReads.neighbour(spine, spinePort.port()))
        .containsEntry("SystemName", "leaf-02")
        .containsEntry("PortID", "200GE1/0/5:1");
    assertThat(LldpReads.neighbour(fabric.device("leaf-02"), "TwoHundredGigE1/0/5:1"))
        .containsEntry("SystemName", spinePort.device());
  }
}
