package io.tenantfabric.model.growth;

import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.Link;
import java.util.ArrayList;
import java.util.List;

/**
 * What a growth done live on the floor must not do: re-cable a GPU (a tenant could be using it),
 * pull a cable, or move the lower end of one (the leaf would lose an uplink port it has now).
 */
final class LiveGrowthCheck {

  private LiveGrowthCheck() {}

  /**
   * Throws {@link GrowthRejectedException} naming every GPU, cable and move the plan would touch.
   */
  static void check(GrowthPlan plan) {
    List<GrowthViolation> violations = new ArrayList<>();
    for (Gpu g : plan.gpusToRecable()) {
      violations.add(
          new GrowthViolation(
              g.id().value(),
              "gpu-recabled",
              g.id()
                  + " would be re-cabled to "
                  + g.leaf()
                  + " "
                  + g.port()
                  + " in a live growth"));
    }
    for (Link l : plan.cablesToRemove()) {
      violations.add(
          new GrowthViolation(
              l.toString(), "cable-removed", l + " would be pulled in a live growth"));
    }
    for (CableMove m : plan.cablesToMove()) {
      if (!m.keptEnd().equals("lower")) {
        Link from = m.from();
        violations.add(
            new GrowthViolation(
                from.lower() + " " + from.lowerPort(),
                "lower-end-moved",
                m + " would take an uplink port off " + from.lower() + " in a live growth"));
      }
    }
    if (!violations.isEmpty()) {
      throw new GrowthRejectedException(plan.from(), plan.to(), violations);
    }
  }
}
