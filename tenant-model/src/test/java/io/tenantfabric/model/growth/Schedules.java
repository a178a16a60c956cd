package io.tenantfabric.model.growth;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.ServerName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The rules of {@link GrowthSchedule}, checked over a schedule, and its steps applied. */
final class Schedules {

  private Schedules() {}

  /** Rules 1 to 4 and the cabling once every step is applied. */
  static void assertHoldsTheRules(GrowthPlan plan, Fabric from, Fabric to, List<GrowthStep> steps) {
    // rule 1: everything exactly once
    List<SwitchName> onboarded = new ArrayList<>();
    List<CableMove> moved = new ArrayList<>();
    List<Link> added = new ArrayList<>();
    List<ServerName> joined = new ArrayList<>();
    List<GpuId> gpus = new ArrayList<>();
    for (GrowthStep s : steps) {
      onboarded.addAll(s.switchesToOnboard());
      moved.addAll(s.cablesToMove());
      added.addAll(s.cablesToAdd());
      joined.addAll(s.serversToJoin());
      gpus.addAll(s.gpusToJoin());
    }
    eachOnce(onboarded, plan.switchesToAdd().stream().map(Switch::name).toList());
    eachOnce(moved, plan.cablesToMove());
    eachOnce(added, plan.cablesToAdd());
    eachOnce(joined, plan.serversToAdd().stream().map(s -> s.name()).toList());
    eachOnce(
        gpus, to.gpus().stream().map(g -> g.id()).filter(id -> from.gpu(id).isEmpty()).toList());

    Set<SwitchName> inService = new HashSet<>();
    from.switches().forEach(s -> inService.add(s.name()));
    GrowthStepKind lastKind = null;
    for (int i = 0; i < steps.size(); i++) {
      GrowthStep s = steps.get(i);
      assertThat(s.number()).isEqualTo(i + 1);
      // rule 4: kinds in order, upper tiers top down
      if (lastKind != null) {
        assertThat(s.kind().ordinal()).isGreaterThanOrEqualTo(lastKind.ordinal());
      }
      lastKind = s.kind();
      if (s.kind() == GrowthStepKind.ONBOARD_UPPER) {
        SwitchRole role = to.switchNamed(s.switchesToOnboard().get(0)).orElseThrow().role();
        assertThat(s.switchesToOnboard())
            .allMatch(n -> to.switchNamed(n).orElseThrow().role() == role);
        assertThat(role).isNotEqualTo(SwitchRole.LEAF);
      }
      if (s.kind() == GrowthStepKind.JOIN_LEAVES) {
        assertThat(s.switchesToOnboard()).hasSizeLessThanOrEqualTo(to.gpusPerServer());
      }
      if (s.kind() == GrowthStepKind.MOVE_UPLINKS) {
        assertThat(s.switchesToOnboard()).isEmpty();
      }
      // rule 2: whatever a step touches is in service by then
      inService.addAll(s.switchesToOnboard());
      for (CableMove m : s.cablesToMove()) {
        assertThat(inService).contains(m.to().lower(), m.to().upper());
      }
      for (Link l : s.cablesToAdd()) {
        assertThat(inService).as("%s in step %d", l, s.number()).contains(l.lower(), l.upper());
      }
      for (GpuId id : s.gpusToJoin()) {
        assertThat(inService).contains(to.gpu(id).orElseThrow().leaf());
      }
      // rule 3: at most one uplink per leaf per step
      Set<SwitchName> kept = new HashSet<>();
      for (CableMove m : s.cablesToMove()) {
        assertThat(m.keptEnd()).isEqualTo("lower");
        assertThat(kept.add(m.from().lower()))
            .as("%s moves twice in step %d", m.from().lower(), s.number())
            .isTrue();
      }
    }
    assertThat(apply(from, steps)).isEqualTo(new HashSet<>(to.links()));
  }

  /** Every expected element exactly once (in hash sets: AssertJ's any-order match is quadratic). */
  private static <T> void eachOnce(List<T> actual, List<T> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    assertThat(new HashSet<>(actual)).hasSize(actual.size()).isEqualTo(new HashSet<>(expected));
  }

  /**
   * The cabling after every step, each step unplugging its moved ends before plugging anything;
   * fails if a cable is plugged into a port that is taken.
   */
  static Set<Link> apply(Fabric from, List<GrowthStep> steps) {
    Set<Link> links = new LinkedHashSet<>(from.links());
    Map<String, Link> ports = new HashMap<>();
    links.forEach(l -> plug(ports, l));
    for (GrowthStep s : steps) {
      for (CableMove m : s.cablesToMove()) {
        assertThat(links.remove(m.from())).as("%s is plugged", m.from()).isTrue();
        ports.remove(end(m.from().lower(), m.from().lowerPort()));
        ports.remove(end(m.from().upper(), m.from().upperPort()));
      }
      for (CableMove m : s.cablesToMove()) {
        links.add(m.to());
        plug(ports, m.to());
      }
      for (Link l : s.cablesToAdd()) {
        assertThat(links.add(l)).isTrue();
        plug(ports, l);
      }
    }
    return links;
  }

  private static void plug(Map<String, Link> ports, Link l) {
    for (String e : List.of(end(l.lower(), l.lowerPort()), end(l.upper(), l.upperPort()))) {
      Link taken = ports.put(e, l);
      assertThat(taken).as("%s is taken by %s when %s is plugged", e, taken, l).isNull();
    }
  }

  private static String end(SwitchName s, Object port) {
    return s + " " + port;
  }
}
