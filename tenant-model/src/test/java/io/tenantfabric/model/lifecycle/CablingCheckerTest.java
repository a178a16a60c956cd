package io.tenantfabric.model.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CablingCheckerTest {

  /** 2 spines, 2 leaves of 4 GPU ports (servers of 2 GPUs), 2 uplinks to each spine. */
  private static final Fabric FABRIC =
      Fabric.of(
          FabricSpec.builder("cabling")
              .spinesPerPod(2)
              .leavesPerPod(2)
              .leafDownlinks(4)
              .gpusPerServer(2)
              .leafUplinksPerSpine(2)
              .build());

  private static final SwitchName LEAF = FABRIC.leaves().get(0).name();
  private static final SwitchName SPINE = FABRIC.spines().get(0).name();

  /** What a correctly cabled switch hears: every planned peer, abbreviated where a switch. */
  private static List<LldpNeighbor> asPlanned(SwitchName sw) {
    List<LldpNeighbor> seen = new ArrayList<>();
    for (PlannedCable p : CablePlan.of(FABRIC, sw)) {
      String port =
          p.kind() == CableKind.FABRIC
              ? p.peer().port().replace("FourHundredGigE", "400GE")
              : p.peer().port();
      seen.add(new LldpNeighbor(p.port().value(), p.peer().device(), port, "0000-0000-0001"));
    }
    return seen;
  }

  private static Map<String, CablingState> states(List<CableCheck> checks) {
    return checks.stream().collect(Collectors.toMap(CableCheck::port, CableCheck::state));
  }

  @Test
  void thePlanPutsBothEndsOfEveryLinkAndEveryGpuNic() {
    List<PlannedCable> all = CablePlan.of(FABRIC);
    assertThat(all).hasSize(2 * FABRIC.links().size() + FABRIC.gpus().size());
    Gpu first = FABRIC.gpusOn(LEAF).get(0);
    assertThat(CablePlan.of(FABRIC, LEAF))
        .contains(
            new PlannedCable(
                LEAF, first.port(), CableKind.GPU, new CableEnd(first.server().value(), "mlx5_0")))
        .allMatch(p -> p.switchName().equals(LEAF));
    assertThat(CablePlan.of(FABRIC, SPINE))
        .hasSize(2 * FABRIC.leaves().size())
        .allMatch(p -> p.kind() == CableKind.FABRIC);
  }

  @Test
  void aSwitchCabledAsPlannedIsOkEverywhere() {
    for (SwitchName sw : List.of(LEAF, SPINE)) {
      List<CableCheck> checks =
          CablingChecker.check(
              CablePlan.of(FABRIC, sw), new CablingObservation(sw, asPlanned(sw), Set.of()));
      assertThat(checks).hasSize(CablePlan.of(FABRIC, sw).size());
      assertThat(checks).allMatch(c -> c.state() == CablingState.OK, "all OK");
    }
  }

  @Test
  void twoCrossedGpuCablesAreWrongPeersNamingEachOther() {
    List<LldpNeighbor> seen = new ArrayList<>(asPlanned(LEAF));
    LldpNeighbor a = seen.get(0);
    LldpNeighbor b = seen.get(1);
    seen.set(0, new LldpNeighbor(a.localPort(), b.systemName(), b.portId(), b.chassisId()));
    seen.set(1, new LldpNeighbor(b.localPort(), a.systemName(), a.portId(), a.chassisId()));

    List<CableCheck> checks =
        CablingChecker.check(
            CablePlan.of(FABRIC, LEAF), new CablingObservation(LEAF, seen, Set.of()));

    CableCheck first = checks.get(0);
    assertThat(first.state()).isEqualTo(CablingState.WRONG_PEER);
    assertThat(first.seen()).contains(b.seen());
    assertThat(first.planned().orElseThrow().peer()).isEqualTo(a.seen());
    assertThat(checks.get(1).state()).isEqualTo(CablingState.WRONG_PEER);
    assertThat(checks.subList(2, checks.size())).allMatch(c -> c.state() == CablingState.OK);
  }

  @Test
  void aSilentGpuNicIsUnverifiedButASilentFabricPortIsMissing() {
    List<LldpNeighbor> seen = new ArrayList<>(asPlanned(LEAF));
    PlannedCable gpu =
        CablePlan.of(FABRIC, LEAF).stream()
            .filter(p -> p.kind() == CableKind.GPU)
            .findFirst()
            .orElseThrow();
    PlannedCable uplink =
        CablePlan.of(FABRIC, LEAF).stream()
            .filter(p -> p.kind() == CableKind.FABRIC)
            .findFirst()
            .orElseThrow();
    seen.removeIf(
        n ->
            n.localPort().equals(gpu.port().value())
                || n.localPort().equals(uplink.port().value()));

    Map<String, CablingState> states =
        states(
            CablingChecker.check(
                CablePlan.of(FABRIC, LEAF), new CablingObservation(LEAF, seen, Set.of())));

    assertThat(states.get(gpu.port().value())).isEqualTo(CablingState.UNVERIFIED);
    assertThat(states.get(uplink.port().value())).isEqualTo(CablingState.MISSING);
  }

  @Test
  void aLinkThatIsDownIsMissingWhateverTheNeighbourTableStillSays() {
    PlannedCable gpu = CablePlan.of(FABRIC, LEAF).get(0);
    Map<String, CablingState> states =
        states(
            CablingChecker.check(
                CablePlan.of(FABRIC, LEAF),
                new CablingObservation(LEAF, asPlanned(LEAF), Set.of(gpu.port().value()))));
    assertThat(states.get(gpu.port().value())).isEqualTo(CablingState.MISSING);
  }

  @Test
  void aNeighbourOnAPortThePlanLeavesEmptyIsUnexpected() {
    List<LldpNeighbor> seen = new ArrayList<>(asPlanned(SPINE));
    String unused = PortName.fourHundred(60).value();
    seen.add(new LldpNeighbor(unused, "stray-switch", "400GE1/0/1", "0000-0000-0002"));

    List<CableCheck> checks =
        CablingChecker.check(
            CablePlan.of(FABRIC, SPINE), new CablingObservation(SPINE, seen, Set.of()));

    CableCheck stray = checks.get(checks.size() - 1);
    assertThat(stray.port()).isEqualTo(unused);
    assertThat(stray.state()).isEqualTo(CablingState.UNEXPECTED);
    assertThat(stray.planned()).isEmpty();
    assertThat(stray.seen()).contains(new CableEnd("stray-switch", "400GE1/0/1"));
  }

  @Test
  void aSwitchUplinkSeeingTheRightSwitchOnAnotherPortIsAWrongPeer() {
    List<LldpNeighbor> seen = new ArrayList<>(asPlanned(LEAF));
    int i = 0;
    while (!seen.get(i).systemName().startsWith("spine")) {
      i++;
    }
    LldpNeighbor up = seen.get(i);
    seen.set(i, new LldpNeighbor(up.localPort(), up.systemName(), "400GE1/0/64", ""));
    assertThat(
            states(
                    CablingChecker.check(
                        CablePlan.of(FABRIC, LEAF), new CablingObservation(LEAF, seen, Set.of())))
                .get(up.localPort()))
        .isEqualTo(CablingState.WRONG_PEER);
  }

  @Test
  void onlyUncheckedOkAndUnverifiedArePlaceable() {
    assertThat(Set.of(CablingState.values()).stream().filter(CablingState::placeable))
        .containsExactlyInAnyOrder(
            CablingState.UNCHECKED, CablingState.OK, CablingState.UNVERIFIED);
  }

  @Test
  void anEndOfAnotherSwitchIsRefused() {
    assertThatThrownBy(
            () ->
                CablingChecker.check(
                    CablePlan.of(FABRIC, SPINE), new CablingObservation(LEAF, List.of(), Set.of())))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
