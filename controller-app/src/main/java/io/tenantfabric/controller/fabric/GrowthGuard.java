package io.tenantfabric.controller.fabric;

import io.tenantfabric.model.growth.GrowthPlan;
import io.tenantfabric.model.growth.GrowthPlanner;
import io.tenantfabric.model.growth.GrowthRejectedException;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import java.util.List;
import java.util.Set;

/**
 * Growing a fabric in place: the core's {@link GrowthPlanner} refuses a spec that removes or
 * replaces a switch, server or GPU; the controller adds one rule of its own, that no GPU a live
 * allocation holds is re-cabled. Pure.
 */
final class GrowthGuard {

  private GrowthGuard() {}

  /**
   * The plan, or the reasons (one line each) why {@code to} is not a valid growth of {@code from}.
   */
  record Verdict(GrowthPlan plan, List<String> reasons) {
    boolean refused() {
      return !reasons.isEmpty();
    }
  }

  static Verdict check(Fabric from, Fabric to, Set<GpuId> busy) {
    GrowthPlan plan;
    try {
      plan = GrowthPlanner.plan(from, to);
    } catch (GrowthRejectedException e) {
      return new Verdict(null, e.violations().stream().map(Object::toString).toList());
    }
    List<String> reasons =
        plan.gpusToRecable().stream()
            .filter(g -> busy.contains(g.id()))
            .map(GrowthGuard::busyMove)
            .toList();
    return new Verdict(plan, reasons);
  }

  static FabricDefinition.GrowthSummary summary(GrowthPlan plan, Fabric from, Fabric to) {
    int gpusAdded = (int) to.gpus().stream().filter(g -> from.gpu(g.id()).isEmpty()).count();
    return new FabricDefinition.GrowthSummary(
        plan.from(),
        plan.to(),
        plan.switchesToAdd().stream().map(s -> s.name().value()).toList(),
        plan.cablesKept().size(),
        plan.cablesToMove().size(),
        plan.cablesToAdd().size(),
        plan.cablesToRemove().size(),
        gpusAdded,
        plan.gpusToRecable().size());
  }

  private static String busyMove(Gpu target) {
    return "gpu-busy ["
        + target.id().value()
        + "]: has a live allocation and would be re-cabled to "
        + target.leaf().value()
        + " "
        + target.port().value();
  }
}
