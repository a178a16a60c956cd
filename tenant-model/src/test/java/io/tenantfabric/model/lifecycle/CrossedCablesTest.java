package io.tenantfabric.model.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CrossedCablesTest {

  private static CableCheck gpu(
      String leaf, String port, String server, String nic, String seenServer, String seenNic) {
    PlannedCable p =
        new PlannedCable(
            new SwitchName(leaf), new PortName(port), CableKind.GPU, new CableEnd(server, nic));
    Optional<CableEnd> seen =
        seenServer == null ? Optional.empty() : Optional.of(new CableEnd(seenServer, seenNic));
    boolean ok = seenServer != null && seenServer.equals(server) && seenNic.equals(nic);
    CablingState state =
        seenServer == null
            ? CablingState.UNVERIFIED
            : ok ? CablingState.OK : CablingState.WRONG_PEER;
    return new CableCheck(new SwitchName(leaf), port, Optional.of(p), seen, state);
  }

  private static CableCheck uplink(
      String sw, String port, String peer, String peerPort, String seen, String seenPort) {
    PlannedCable p =
        new PlannedCable(
            new SwitchName(sw), new PortName(port), CableKind.FABRIC, new CableEnd(peer, peerPort));
    boolean ok = seen.equals(peer) && InterfaceNames.same(peerPort, seenPort);
    return new CableCheck(
        new SwitchName(sw),
        port,
        Optional.of(p),
        Optional.of(new CableEnd(seen, seenPort)),
        ok ? CablingState.OK : CablingState.WRONG_PEER);
  }

  @Test
  void twoGpuCablesSwappedOnOneLeafAreOnePair() {
    CableCheck a =
        gpu("leaf-01", "FourHundredGigE1/0/1", "gpu-node-001", "mlx5_0", "gpu-node-002", "mlx5_0");
    CableCheck b =
        gpu("leaf-01", "FourHundredGigE1/0/2", "gpu-node-002", "mlx5_0", "gpu-node-001", "mlx5_0");
    CableCheck fine =
        gpu("leaf-01", "FourHundredGigE1/0/3", "gpu-node-003", "mlx5_0", "gpu-node-003", "mlx5_0");

    assertThat(CrossedCables.find(List.of(b, fine, a))).containsExactly(new CrossedPair(a, b));
  }

  @Test
  void aSwapAcrossLeavesIsFoundToo() {
    CableCheck a =
        gpu("leaf-01", "FourHundredGigE1/0/1", "gpu-node-001", "mlx5_0", "gpu-node-017", "mlx5_1");
    CableCheck b =
        gpu("leaf-02", "FourHundredGigE1/0/9", "gpu-node-017", "mlx5_1", "gpu-node-001", "mlx5_0");

    assertThat(CrossedCables.find(List.of(b, a))).containsExactly(new CrossedPair(a, b));
  }

  @Test
  void aWrongPeerWhoseCounterpartSeesSomethingElseIsNoPair() {
    CableCheck a =
        gpu("leaf-01", "FourHundredGigE1/0/1", "gpu-node-001", "mlx5_0", "gpu-node-002", "mlx5_0");
    CableCheck moved =
        gpu("leaf-01", "FourHundredGigE1/0/2", "gpu-node-002", "mlx5_0", "gpu-node-003", "mlx5_0");
    CableCheck silent =
        gpu("leaf-01", "FourHundredGigE1/0/3", "gpu-node-003", "mlx5_0", null, null);

    assertThat(CrossedCables.find(List.of(a, moved, silent))).isEmpty();
  }

  @Test
  void theSameNicOnAnotherPortOfTheServerIsNoPair() {
    // port 1 sees the NIC port 2 plans, but port 2 sees mlx5_1 of the first server, not mlx5_0
    CableCheck a =
        gpu("leaf-01", "FourHundredGigE1/0/1", "gpu-node-001", "mlx5_0", "gpu-node-002", "mlx5_0");
    CableCheck b =
        gpu("leaf-01", "FourHundredGigE1/0/2", "gpu-node-002", "mlx5_0", "gpu-node-001", "mlx5_1");

    assertThat(CrossedCables.find(List.of(a, b))).isEmpty();
  }

  @Test
  void swappedUplinksAreComparedByInterfaceNameWhateverTheAbbreviation() {
    CableCheck a =
        uplink(
            "leaf-01",
            "FourHundredGigE1/0/49",
            "spine-01",
            "FourHundredGigE1/0/1",
            "spine-02",
            "400GE1/0/1");
    CableCheck b =
        uplink(
            "leaf-01",
            "FourHundredGigE1/0/50",
            "spine-02",
            "FourHundredGigE1/0/1",
            "spine-01",
            "FH1/0/1");
    CableCheck ok =
        uplink(
            "leaf-01",
            "FourHundredGigE1/0/51",
            "spine-03",
            "FourHundredGigE1/0/1",
            "spine-03",
            "FourHundredGigE1/0/1");

    assertThat(CrossedCables.find(List.of(ok, b, a))).containsExactly(new CrossedPair(a, b));
  }
}
