package io.tenantfabric.controller.fabric;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.Switch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The rule for growing a fabric in place: no switch removed or replaced (same role and pod), no GPU
 * removed, and no GPU that a live allocation holds moved to another leaf port. Pure.
 */
final class GrowthGuard {

  private GrowthGuard() {}

  /** Why {@code to} is not a valid growth of {@code from}, one line per reason; empty if it is. */
  static List<String> violations(Fabric from, Fabric to, Set<GpuId> busy) {
    List<String> reasons = new ArrayList<>();
    for (Switch s : from.switches()) {
      Optional<Switch> after = to.switchNamed(s.name());
      if (after.isEmpty()) {
        reasons.add("switch " + s.name().value() + " would be removed");
      } else if (after.get().role() != s.role() || after.get().pod() != s.pod()) {
        reasons.add(
            "switch "
                + s.name().value()
                + " would be replaced ("
                + s.role()
                + " in pod "
                + s.pod()
                + " -> "
                + after.get().role()
                + " in pod "
                + after.get().pod()
                + ")");
      }
    }
    for (Gpu g : from.gpus()) {
      Optional<Gpu> after = to.gpu(g.id());
      if (after.isEmpty()) {
        reasons.add("GPU " + g.id().value() + " would be removed");
      } else if (busy.contains(g.id()) && moved(g, after.get())) {
        reasons.add(
            "GPU "
                + g.id().value()
                + " has a live allocation and would move from "
                + g.leaf().value()
                + " "
                + g.port().value()
                + " to "
                + after.get().leaf().value()
                + " "
                + after.get().port().value());
      }
    }
    if (reasons.isEmpty() && to.gpus().size() < from.gpus().size()) {
      reasons.add("the new spec has fewer GPUs than the fabric");
    }
    return reasons;
  }

  static FabricDefinition.GrowthSummary summary(Fabric from, Fabric to) {
    List<String> added = new ArrayList<>();
    for (Switch s : to.switches()) {
      if (from.switchNamed(s.name()).isEmpty()) {
        added.add(s.name().value());
      }
    }
    Set<Link> before = new HashSet<>(from.links());
    Set<Link> after = new HashSet<>(to.links());
    int linksAdded = (int) after.stream().filter(l -> !before.contains(l)).count();
    int linksRemoved = (int) before.stream().filter(l -> !after.contains(l)).count();
    int gpusAdded = 0;
    int moved = 0;
    for (Gpu g : to.gpus()) {
      Optional<Gpu> old = from.gpu(g.id());
      if (old.isEmpty()) {
        gpusAdded++;
      } else if (moved(old.get(), g)) {
        moved++;
      }
    }
    return new FabricDefinition.GrowthSummary(
        from.name(), to.name(), added, linksAdded, linksRemoved, gpusAdded, moved);
  }

  private static boolean moved(Gpu before, Gpu after) {
    return !before.leaf().equals(after.leaf()) || !before.port().equals(after.port());
  }
}
