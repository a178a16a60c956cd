package io.tenantfabric.model.growth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class GrowthScheduleTest {

  private static final Fabric CASE_STUDY = Fabric.of(FabricPresets.named("h3c-s9825-1024"));
  private static final Fabric GROWN = Fabric.of(FabricPresets.named("h3c-s9825-2048"));

  /** 2 spines, 4 leaves of 4 GPUs, 2 links from each leaf to each spine: 16 GPUs, 4 servers. */
  static final FabricSpec SMALL =
      FabricSpec.builder("growth-lab-16")
          .spinesPerPod(2)
          .leavesPerPod(4)
          .portsPerSwitch(8)
          .leafDownlinks(4)
          .leafUplinksPerSpine(2)
          .gpusPerServer(4)
          .build();

  /** 4 spines, 8 leaves, one link from each leaf to each spine, two lanes: 32 GPUs, 8 servers. */
  static final FabricSpec SMALL_GROWN =
      FabricSpec.builder("growth-lab-32")
          .spinesPerPod(4)
          .leavesPerPod(8)
          .portsPerSwitch(8)
          .leafDownlinks(4)
          .leafUplinksPerSpine(1)
          .spinePortLanes(2)
          .gpusPerServer(4)
          .build();

  private static List<GrowthStep> schedule(Fabric from, Fabric to) {
    return GrowthSchedule.of(GrowthPlanner.plan(from, to), from, to);
  }

  @Test
  void theCaseStudyGrowsInOneSpineStepSixteenRoundsAndFourRailGroups() {
    GrowthPlan plan = GrowthPlanner.plan(CASE_STUDY, GROWN);
    List<GrowthStep> steps = GrowthSchedule.of(plan, CASE_STUDY, GROWN);

    assertThat(steps).hasSize(21);
    GrowthStep spines = steps.get(0);
    assertThat(spines.kind()).isEqualTo(GrowthStepKind.ONBOARD_UPPER);
    assertThat(spines.switchesToOnboard())
        .hasSize(16)
        .startsWith(new SwitchName("spine-17"))
        .endsWith(new SwitchName("spine-32"));
    assertThat(spines.cablesToAdd()).isEmpty();
    for (int round = 1; round <= 16; round++) {
      GrowthStep s = steps.get(round);
      assertThat(s.number()).isEqualTo(round + 1);
      assertThat(s.kind()).isEqualTo(GrowthStepKind.MOVE_UPLINKS);
      assertThat(s.cablesToMove()).hasSize(32);
      assertThat(s.cablesToAdd()).isEmpty();
      // round i takes every leaf's second link off spine i onto spine i + 16
      SwitchName oldSpine = SwitchName.numbered("spine", round, 2);
      SwitchName newSpine = SwitchName.numbered("spine", round + 16, 2);
      assertThat(s.cablesToMove()).allMatch(m -> m.from().upper().equals(oldSpine));
      assertThat(s.cablesToMove()).allMatch(m -> m.to().upper().equals(newSpine));
      assertThat(s.cablesToMove().get(0).from().lower()).isEqualTo(new SwitchName("leaf-01"));
    }
    for (int group = 0; group < 4; group++) {
      GrowthStep s = steps.get(17 + group);
      assertThat(s.kind()).isEqualTo(GrowthStepKind.JOIN_LEAVES);
      assertThat(s.switchesToOnboard())
          .hasSize(8)
          .first()
          .isEqualTo(SwitchName.numbered("leaf", 33 + group * 8, 2));
      assertThat(s.cablesToMove()).isEmpty();
      assertThat(s.cablesToAdd()).hasSize(256);
      assertThat(s.serversToJoin()).hasSize(32);
      assertThat(s.gpusToJoin()).hasSize(256);
    }
    assertThat(steps.get(17).serversToJoin().get(0).value()).isEqualTo("gpu-node-129");
    Schedules.assertHoldsTheRules(plan, CASE_STUDY, GROWN, steps);
  }

  @Test
  void theCaseStudyGrowthKeepsEverySwitchAndListsEveryCable() {
    GrowthPlan plan = GrowthPlanner.plan(CASE_STUDY, GROWN);

    for (Switch s : CASE_STUDY.switches()) {
      assertThat(GROWN.switchNamed(s.name())).contains(s);
    }
    assertThat(plan.cablesKept()).hasSize(512);
    assertThat(plan.cablesToMove()).hasSize(512);
    assertThat(plan.cablesToAdd()).hasSize(1024);
    assertThat(Schedules.apply(CASE_STUDY, GrowthSchedule.of(plan, CASE_STUDY, GROWN)))
        .isEqualTo(new HashSet<>(GROWN.links()));
  }

  @Test
  void theSmallPairGrowsInOneSpineStepTwoRoundsAndOneRailGroup() {
    Fabric from = Fabric.of(SMALL);
    Fabric to = Fabric.of(SMALL_GROWN);
    assertThat(from.gpus()).hasSize(16);
    assertThat(from.servers()).hasSize(4);
    assertThat(to.gpus()).hasSize(32);
    assertThat(to.servers()).hasSize(8);
    GrowthPlan plan = GrowthPlanner.plan(from, to);

    List<GrowthStep> steps = GrowthSchedule.of(plan, from, to);

    assertThat(steps)
        .extracting(GrowthStep::kind)
        .containsExactly(
            GrowthStepKind.ONBOARD_UPPER,
            GrowthStepKind.MOVE_UPLINKS,
            GrowthStepKind.MOVE_UPLINKS,
            GrowthStepKind.JOIN_LEAVES);
    assertThat(steps.get(0).switchesToOnboard())
        .extracting(SwitchName::value)
        .containsExactly("spine-03", "spine-04");
    assertThat(steps.get(1).cablesToMove()).hasSize(4);
    assertThat(steps.get(2).cablesToMove()).hasSize(4);
    GrowthStep join = steps.get(3);
    assertThat(join.switchesToOnboard())
        .extracting(SwitchName::value)
        .containsExactly("leaf-05", "leaf-06", "leaf-07", "leaf-08");
    assertThat(join.cablesToAdd()).hasSize(16);
    assertThat(join.serversToJoin()).hasSize(4);
    assertThat(join.gpusToJoin()).hasSize(16);
    Schedules.assertHoldsTheRules(plan, from, to, steps);
  }

  @Test
  void everyOldSpineOfTheSmallPairUsesTheSamePortsBeforeAndAfter() {
    Fabric from = Fabric.of(SMALL);
    Fabric to = Fabric.of(SMALL_GROWN);

    for (Switch spine : from.spines()) {
      assertThat(usedPorts(to, spine.name())).isEqualTo(usedPorts(from, spine.name()));
    }
  }

  @Test
  void serversOnEmptySlotsOfLeavesInServiceJoinLast() {
    Fabric from = Fabric.of(SMALL.toBuilder().servers(1).build());
    Fabric to = Fabric.of(SMALL);

    List<GrowthStep> steps = schedule(from, to);

    assertThat(steps).hasSize(1);
    assertThat(steps.get(0).kind()).isEqualTo(GrowthStepKind.JOIN_SERVERS);
    assertThat(steps.get(0).switchesToOnboard()).isEmpty();
    assertThat(steps.get(0).serversToJoin())
        .extracting(s -> s.value())
        .containsExactly("gpu-node-002", "gpu-node-003", "gpu-node-004");
    assertThat(steps.get(0).gpusToJoin()).hasSize(12);
  }

  @Test
  void newServersOnOldAndNewLeavesJoinInTheirOwnSteps() {
    Fabric from = Fabric.of(SMALL.toBuilder().servers(2).build());
    Fabric to = Fabric.of(SMALL_GROWN);
    GrowthPlan plan = GrowthPlanner.plan(from, to);

    List<GrowthStep> steps = GrowthSchedule.of(plan, from, to);

    assertThat(steps).extracting(GrowthStep::kind).endsWith(GrowthStepKind.JOIN_SERVERS);
    assertThat(steps.get(steps.size() - 1).serversToJoin())
        .extracting(s -> s.value())
        .containsExactly("gpu-node-003", "gpu-node-004");
    Schedules.assertHoldsTheRules(plan, from, to, steps);
  }

  @Test
  void theSameGrowthGivesTheSameSteps() {
    Fabric from = Fabric.of(SMALL);
    Fabric to = Fabric.of(SMALL_GROWN);

    assertThat(schedule(from, to)).isEqualTo(schedule(from, to));
  }

  @Test
  void growingNothingTakesNoStep() {
    assertThat(schedule(CASE_STUDY, CASE_STUDY)).isEmpty();
  }

  @Test
  void aGrowthThatRecablesAGpuPullsACableOrMovesALeafEndIsNotLive() {
    Fabric from = Fabric.of(SMALL);
    Gpu gpu = from.gpus().get(0);
    Link pulled = from.links().get(0);
    Link old = from.links().get(1);
    Link elsewhere = new Link(new SwitchName("leaf-02"), old.lowerPort(), old.upper(), port(8));
    GrowthPlan plan =
        new GrowthPlan(
            "a",
            "b",
            List.of(),
            List.of(),
            List.of(),
            List.of(new CableMove(old, elsewhere)),
            List.of(),
            List.of(pulled),
            List.of(gpu));

    GrowthRejectedException e =
        catchThrowableOfType(
            GrowthRejectedException.class, () -> GrowthSchedule.of(plan, from, from));

    assertThat(e.violations())
        .extracting(GrowthViolation::rule)
        .containsExactly("gpu-recabled", "cable-removed", "lower-end-moved");
    assertThat(e.violations())
        .extracting(GrowthViolation::element)
        .containsExactly(gpu.id().value(), pulled.toString(), "leaf-01 FourHundredGigE1/0/6");
  }

  @Test
  void aMoveIntoAPortAnotherMoveFreesWaitsForIt() {
    // leaf-01 takes the spine port leaf-02 leaves, leaf-02 goes to a free port
    Fabric from = Fabric.of(wide());
    Link leaf1 = uplink(from, "leaf-01", "spine-01");
    Link leaf2 = uplink(from, "leaf-02", "spine-01");
    Link leaf1To = new Link(leaf1.lower(), leaf1.lowerPort(), leaf1.upper(), leaf2.upperPort());
    Link leaf2To = new Link(leaf2.lower(), leaf2.lowerPort(), leaf2.upper(), port(60));
    GrowthPlan plan =
        new GrowthPlan(
            "a",
            "b",
            List.of(),
            List.of(),
            List.of(),
            List.of(new CableMove(leaf1, leaf1To), new CableMove(leaf2, leaf2To)),
            List.of(new Link(leaf1.lower(), port(60), leaf1.upper(), leaf1.upperPort())),
            List.of(),
            List.of());

    List<GrowthStep> steps = GrowthSchedule.of(plan, from, from);

    assertThat(steps).extracting(GrowthStep::kind).containsExactly(GrowthStepKind.MOVE_UPLINKS);
    assertThat(steps.get(0).cablesToMove()).hasSize(2);
    // the new cable lands on the port leaf-01's move frees, in that round
    assertThat(steps.get(0).cablesToAdd()).hasSize(1);
    Set<Link> result = Schedules.apply(from, steps);
    assertThat(result).contains(leaf1To, leaf2To).doesNotContain(leaf1, leaf2);
  }

  @Test
  void cablesTradingPortsCannotBeMovedLive() {
    Fabric from = Fabric.of(wide());
    Link leaf1 = uplink(from, "leaf-01", "spine-01");
    Link leaf2 = uplink(from, "leaf-02", "spine-01");
    GrowthPlan plan =
        new GrowthPlan(
            "a",
            "b",
            List.of(),
            List.of(),
            List.of(),
            List.of(
                new CableMove(
                    leaf1,
                    new Link(leaf1.lower(), leaf1.lowerPort(), leaf1.upper(), leaf2.upperPort())),
                new CableMove(
                    leaf2,
                    new Link(leaf2.lower(), leaf2.lowerPort(), leaf2.upper(), leaf1.upperPort()))),
            List.of(),
            List.of(),
            List.of());

    assertThatThrownBy(() -> GrowthSchedule.of(plan, from, from))
        .isInstanceOf(GrowthRejectedException.class)
        .hasMessageContaining("cable-cycle");
  }

  @Test
  void aStepNeedsANumberAndAKind() {
    assertThatThrownBy(
            () ->
                new GrowthStep(
                    0,
                    GrowthStepKind.ADD_CABLES,
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new GrowthStep(1, null, List.of(), List.of(), List.of(), List.of(), List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** 2 spines, 4 leaves on 64-port switches: most spine ports free. */
  private static FabricSpec wide() {
    return SMALL.toBuilder().portsPerSwitch(64).build();
  }

  private static Link uplink(Fabric f, String leaf, String spine) {
    return f.linksOf(new SwitchName(leaf)).stream()
        .filter(l -> l.upper().value().equals(spine))
        .findFirst()
        .orElseThrow();
  }

  private static Set<Integer> usedPorts(Fabric f, SwitchName s) {
    return f.linksOf(s).stream()
        .map(l -> l.upper().equals(s) ? l.upperPort() : l.lowerPort())
        .map(PortName::number)
        .collect(Collectors.toSet());
  }

  private static PortName port(int n) {
    return PortName.fourHundred(n);
  }
}
