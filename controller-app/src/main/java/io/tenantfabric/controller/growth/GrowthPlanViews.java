package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.operation.GrowthPlanView;
import io.tenantfabric.controller.operation.GrowthStepView;
import io.tenantfabric.controller.operation.GrowthStepView.CableMoveView;
import io.tenantfabric.controller.operation.GrowthStepView.CableView;
import io.tenantfabric.controller.operation.GrowthStepView.End;
import io.tenantfabric.model.growth.CableMove;
import io.tenantfabric.model.growth.GrowthPlan;
import io.tenantfabric.model.growth.GrowthPlanner;
import io.tenantfabric.model.growth.GrowthSchedule;
import io.tenantfabric.model.growth.GrowthStep;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.ServerName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;

/**
 * The plan of a live growth from one fabric to another, as stored and shown: the core's plan
 * ({@link GrowthPlanner}) cut into steps ({@link GrowthSchedule}); both throw the core's
 * GrowthRejectedException for a target that is not a live growth. Pure.
 */
final class GrowthPlanViews {

  private GrowthPlanViews() {}

  static GrowthPlanView of(Fabric from, Fabric to) {
    GrowthPlan plan = GrowthPlanner.plan(from, to);
    List<GrowthStep> steps = GrowthSchedule.of(plan, from, to);
    int gpus = steps.stream().mapToInt(s -> s.gpusToJoin().size()).sum();
    List<GrowthPlanView.SwitchToAdd> added =
        steps.stream()
            .flatMap(s -> s.switchesToOnboard().stream())
            .map(
                n ->
                    new GrowthPlanView.SwitchToAdd(
                        n.value(), to.switchNamed(n).orElseThrow().role().name()))
            .toList();
    return new GrowthPlanView(
        from.name(),
        to.name(),
        added,
        plan.serversToAdd().stream().map(s -> s.name().value()).toList(),
        gpus,
        plan.cablesKept().size(),
        plan.cablesToMove().size(),
        plan.cablesToAdd().size(),
        steps.stream().map(GrowthPlanViews::step).toList());
  }

  private static GrowthStepView step(GrowthStep s) {
    return new GrowthStepView(
        s.number(),
        s.kind().name(),
        s.switchesToOnboard().stream().map(SwitchName::value).toList(),
        s.cablesToMove().stream().map(GrowthPlanViews::move).toList(),
        s.cablesToAdd().stream().map(GrowthPlanViews::cable).toList(),
        s.serversToJoin().stream().map(ServerName::value).toList(),
        s.gpusToJoin().stream().map(GpuId::value).toList());
  }

  /** The end that stays plugged in, and where the other end goes from and to. */
  static CableMoveView move(CableMove m) {
    Link from = m.from();
    Link to = m.to();
    if ("upper".equals(m.keptEnd())) {
      return new CableMoveView(
          end(from.upper(), from.upperPort().value()),
          end(from.lower(), from.lowerPort().value()),
          end(to.lower(), to.lowerPort().value()));
    }
    // the leaf end stays (the core pairs moves by it first); a move with no end kept is shown
    // from the leaf's old port, which is shut while both of its ends move
    return new CableMoveView(
        end(from.lower(), from.lowerPort().value()),
        end(from.upper(), from.upperPort().value()),
        end(to.upper(), to.upperPort().value()));
  }

  private static CableView cable(Link l) {
    return new CableView(
        end(l.lower(), l.lowerPort().value()), end(l.upper(), l.upperPort().value()));
  }

  private static End end(SwitchName device, String port) {
    return new End(device.value(), port);
  }
}
