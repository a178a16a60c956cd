package io.tenantfabric.model.growth;

import io.tenantfabric.model.growth.MoveRounds.End;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.ServerName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.model.topology.SwitchRole;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The steps of a live growth: a {@link GrowthPlan} cut into the order the floor applies it in, so
 * that the fabric keeps carrying tenants throughout. The schedule holds these rules:
 *
 * <ol>
 *   <li>every switch to add is onboarded in exactly one step, every cable move and every cable add
 *       is in exactly one step, every new server and every new GPU joins in exactly one step;
 *   <li>a move or add that touches a new switch is in the step that onboards it or a later one, and
 *       one that lands on a port a move frees is in that move's step or a later one;
 *   <li>at most one uplink per leaf per step: no switch is the kept end of two moves of a step;
 *   <li>order: one {@link GrowthStepKind#ONBOARD_UPPER} step per new tier (super-spines, then
 *       spines), each with the new cables whose ends are then all in service; then the {@link
 *       GrowthStepKind#MOVE_UPLINKS} rounds ({@link MoveRounds}: round i holds at most the i-th
 *       move of each leaf, moves ordered by new upper switch, then leaf), each with the new cables
 *       between switches in service that land on ports the round frees; then one {@link
 *       GrowthStepKind#JOIN_LEAVES} step per rail group with new leaves (the group's {@code
 *       gpusPerServer} consecutive leaves of the target: its new leaves, every new cable touching
 *       them, the new servers and GPUs on them); then one {@link GrowthStepKind#ADD_CABLES} step
 *       for the remaining new cables between switches in service;
 *   <li>a live growth moves no GPU and pulls no cable, and keeps each moved cable's lower end:
 *       otherwise {@link GrowthRejectedException} names each ({@code gpu-recabled}, {@code
 *       cable-removed}, {@code lower-end-moved}, and {@code cable-cycle} for moves that wait on one
 *       another);
 *   <li>new servers whose GPUs sit on empty slots of leaves in service join in a last {@link
 *       GrowthStepKind#JOIN_SERVERS} step.
 * </ol>
 *
 * <p>Empty steps are left out and the others numbered from 1. Within a step: switches by name,
 * moves in {@link MoveRounds#ORDER}, added cables by lower switch, lower port, upper switch, upper
 * port, servers by name, GPUs by id. Same input, same steps.
 */
public final class GrowthSchedule {

  private static final Comparator<Link> LINK_ORDER =
      Comparator.comparing(Link::lower)
          .thenComparing(Link::lowerPort)
          .thenComparing(Link::upper)
          .thenComparing(Link::upperPort);

  private GrowthSchedule() {}

  /** A step being filled, with its place among all possible steps. */
  private static final class Draft {
    final GrowthStepKind kind;
    final int order;
    final List<SwitchName> switches = new ArrayList<>();
    final List<CableMove> moves = new ArrayList<>();
    final List<Link> adds = new ArrayList<>();
    final List<ServerName> servers = new ArrayList<>();
    final List<GpuId> gpus = new ArrayList<>();

    Draft(GrowthStepKind kind, int order) {
      this.kind = kind;
      this.order = order;
    }

    boolean isEmpty() {
      return switches.isEmpty()
          && moves.isEmpty()
          && adds.isEmpty()
          && servers.isEmpty()
          && gpus.isEmpty();
    }

    static Draft later(Draft a, Draft b) {
      return a == null || (b != null && b.order > a.order) ? b : a;
    }
  }

  /**
   * The steps that carry out {@code plan} (from {@link GrowthPlanner#plan(Fabric, Fabric)} of
   * {@code from} and {@code to}); throws {@link GrowthRejectedException} if it cannot be done live.
   */
  public static List<GrowthStep> of(GrowthPlan plan, Fabric from, Fabric to) {
    LiveGrowthCheck.check(plan);
    List<Draft> drafts = new ArrayList<>();
    Map<SwitchName, Draft> onboardedIn = new HashMap<>();
    for (SwitchRole role : List.of(SwitchRole.SUPER_SPINE, SwitchRole.SPINE)) {
      Draft d = next(drafts, GrowthStepKind.ONBOARD_UPPER);
      plan.switchesToAdd().stream()
          .filter(s -> s.role() == role)
          .map(Switch::name)
          .sorted()
          .forEach(n -> onboard(d, n, onboardedIn));
    }
    Map<End, Draft> freedIn = new HashMap<>();
    for (List<CableMove> round : MoveRounds.of(plan.from(), plan.to(), plan.cablesToMove())) {
      Draft d = next(drafts, GrowthStepKind.MOVE_UPLINKS);
      d.moves.addAll(round);
      round.forEach(m -> freedIn.put(End.upperOf(m.from()), d));
    }
    List<Switch> leaves = to.leaves();
    int perGroup = to.gpusPerServer();
    for (int g = 0; g < leaves.size(); g += perGroup) {
      Draft d = next(drafts, GrowthStepKind.JOIN_LEAVES);
      leaves.subList(g, Math.min(g + perGroup, leaves.size())).stream()
          .map(Switch::name)
          .filter(n -> from.switchNamed(n).isEmpty())
          .sorted()
          .forEach(n -> onboard(d, n, onboardedIn));
    }
    Draft remaining = next(drafts, GrowthStepKind.ADD_CABLES);
    Draft lastServers = next(drafts, GrowthStepKind.JOIN_SERVERS);
    for (Link add : plan.cablesToAdd()) {
      Draft d = Draft.later(onboardedIn.get(add.lower()), onboardedIn.get(add.upper()));
      // a freed port is a moved cable's upper end: a leaf's spine, or a pod spine as lower end
      d = Draft.later(d, freedIn.get(End.upperOf(add)));
      d = Draft.later(d, freedIn.get(new End(add.lower(), add.lowerPort())));
      (d == null ? remaining : d).adds.add(add);
    }
    for (GpuServer server : plan.serversToAdd()) {
      Draft d = null;
      for (GpuId id : server.gpus()) {
        d = Draft.later(d, onboardedIn.get(to.gpu(id).orElseThrow().leaf()));
      }
      d = d == null ? lastServers : d;
      d.servers.add(server.name());
      d.gpus.addAll(server.gpus());
    }
    // a server already in service that gains GPUs (more rails) gets them on the new leaves
    for (Gpu gpu : to.gpus()) {
      if (from.gpu(gpu.id()).isEmpty() && from.server(gpu.server()).isPresent()) {
        onboardedIn.getOrDefault(gpu.leaf(), lastServers).gpus.add(gpu.id());
      }
    }
    return number(drafts);
  }

  private static Draft next(List<Draft> drafts, GrowthStepKind kind) {
    Draft d = new Draft(kind, drafts.size());
    drafts.add(d);
    return d;
  }

  private static void onboard(Draft d, SwitchName name, Map<SwitchName, Draft> onboardedIn) {
    d.switches.add(name);
    onboardedIn.put(name, d);
  }

  private static List<GrowthStep> number(List<Draft> drafts) {
    List<GrowthStep> steps = new ArrayList<>();
    for (Draft d : drafts) {
      if (d.isEmpty()) {
        continue;
      }
      d.adds.sort(LINK_ORDER);
      d.servers.sort(Comparator.naturalOrder());
      d.gpus.sort(Comparator.naturalOrder());
      steps.add(
          new GrowthStep(steps.size() + 1, d.kind, d.switches, d.moves, d.adds, d.servers, d.gpus));
    }
    return steps;
  }
}
