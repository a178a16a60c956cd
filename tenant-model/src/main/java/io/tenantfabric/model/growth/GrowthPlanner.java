package io.tenantfabric.model.growth;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Plans the growth from one validated fabric to another: every switch of the current fabric must
 * stay with its role and pod (no switch is replaced), cables present in both stay, and each cable
 * that must change is re-plugged at one end, the lower (leaf) end kept where possible. The one pod
 * change allowed is out of pod 0: a 2-tier fabric's switches, all in its single pod, may become a
 * numbered pod of a 3-tier one (a pod is a label that no switch's compiled config depends on; the
 * cables that change are listed like any other). Moving between numbered pods is refused.
 */
public final class GrowthPlanner {

  private GrowthPlanner() {}

  /**
   * The plan; throws {@link GrowthRejectedException} if the target loses or changes a switch or
   * server.
   */
  public static GrowthPlan plan(Fabric from, Fabric to) {
    List<GrowthViolation> violations = new ArrayList<>();
    for (Switch s : from.switches()) {
      Optional<Switch> target = to.switchNamed(s.name());
      if (target.isEmpty()) {
        violations.add(
            new GrowthViolation(
                s.name().value(), "switch-removed", s.name() + " is not in " + to.name()));
      } else if (target.get().role() != s.role()) {
        violations.add(
            new GrowthViolation(
                s.name().value(),
                "switch-role-changed",
                s.name() + " would change from " + s.role() + " to " + target.get().role()));
      } else if (target.get().pod() != s.pod() && s.pod() != 0) {
        violations.add(
            new GrowthViolation(
                s.name().value(),
                "switch-pod-changed",
                s.name() + " would move from pod " + s.pod() + " to pod " + target.get().pod()));
      }
    }
    for (GpuServer server : from.servers()) {
      if (to.server(server.name()).isEmpty()) {
        violations.add(
            new GrowthViolation(
                server.name().value(),
                "server-removed",
                server.name() + " is not in " + to.name()));
      }
    }
    for (Gpu g : from.gpus()) {
      if (to.server(g.server()).isPresent() && to.gpu(g.id()).isEmpty()) {
        violations.add(
            new GrowthViolation(g.id().value(), "gpu-removed", g.id() + " is not in " + to.name()));
      }
    }
    if (!violations.isEmpty()) {
      throw new GrowthRejectedException(from.name(), to.name(), violations);
    }

    List<Switch> switchesToAdd = new ArrayList<>();
    for (Switch s : to.switches()) {
      if (from.switchNamed(s.name()).isEmpty()) {
        switchesToAdd.add(s);
      }
    }
    List<GpuServer> serversToAdd = new ArrayList<>();
    for (GpuServer s : to.servers()) {
      if (from.server(s.name()).isEmpty()) {
        serversToAdd.add(s);
      }
    }
    List<Gpu> gpusToRecable = new ArrayList<>();
    for (Gpu g : from.gpus()) {
      Gpu target = to.gpu(g.id()).orElseThrow();
      if (!target.leaf().equals(g.leaf()) || !target.port().equals(g.port())) {
        gpusToRecable.add(target);
      }
    }
    return cables(from, to, switchesToAdd, serversToAdd, gpusToRecable);
  }

  private record End(SwitchName device, PortName port) {}

  private static GrowthPlan cables(
      Fabric from,
      Fabric to,
      List<Switch> switchesToAdd,
      List<GpuServer> serversToAdd,
      List<Gpu> gpusToRecable) {
    Set<Link> before = new HashSet<>(from.links());
    Set<Link> after = new HashSet<>(to.links());
    List<Link> kept = new ArrayList<>();
    List<Link> oldOnly = new ArrayList<>();
    for (Link l : from.links()) {
      (after.contains(l) ? kept : oldOnly).add(l);
    }
    Map<End, Link> newByLower = new HashMap<>();
    Map<End, Link> newByUpper = new HashMap<>();
    for (Link l : to.links()) {
      if (!before.contains(l)) {
        newByLower.put(new End(l.lower(), l.lowerPort()), l);
        newByUpper.put(new End(l.upper(), l.upperPort()), l);
      }
    }
    List<CableMove> moves = new ArrayList<>();
    List<Link> unpaired = new ArrayList<>();
    // first pass keeps the lower (leaf) end: the leaf keeps its uplink port numbers
    for (Link old : oldOnly) {
      Link target = newByLower.remove(new End(old.lower(), old.lowerPort()));
      if (target != null) {
        newByUpper.remove(new End(target.upper(), target.upperPort()));
        moves.add(new CableMove(old, target));
      } else {
        unpaired.add(old);
      }
    }
    List<Link> removed = new ArrayList<>();
    for (Link old : unpaired) {
      Link target = newByUpper.remove(new End(old.upper(), old.upperPort()));
      if (target != null) {
        newByLower.remove(new End(target.lower(), target.lowerPort()));
        moves.add(new CableMove(old, target));
      } else {
        removed.add(old);
      }
    }
    List<Link> added = new ArrayList<>();
    for (Link l : to.links()) {
      if (!before.contains(l) && newByLower.containsKey(new End(l.lower(), l.lowerPort()))) {
        added.add(l);
      }
    }
    return new GrowthPlan(
        from.name(),
        to.name(),
        switchesToAdd,
        serversToAdd,
        kept,
        moves,
        added,
        removed,
        gpusToRecable);
  }
}
