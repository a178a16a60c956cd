package io.tenantfabric.model.growth;

import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.Switch;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What to do on the floor to turn one fabric into a larger one: switches and servers to rack,
 * cables that stay, cables to re-plug, cables to add (and any to pull), GPUs to re-cable.
 */
public record GrowthPlan(
    String from,
    String to,
    List<Switch> switchesToAdd,
    List<GpuServer> serversToAdd,
    List<Link> cablesKept,
    List<CableMove> cablesToMove,
    List<Link> cablesToAdd,
    List<Link> cablesToRemove,
    List<Gpu> gpusToRecable) {

  public GrowthPlan {
    switchesToAdd = List.copyOf(switchesToAdd);
    serversToAdd = List.copyOf(serversToAdd);
    cablesKept = List.copyOf(cablesKept);
    cablesToMove = List.copyOf(cablesToMove);
    cablesToAdd = List.copyOf(cablesToAdd);
    cablesToRemove = List.copyOf(cablesToRemove);
    gpusToRecable = List.copyOf(gpusToRecable);
  }

  /** The switch-to-switch cabling once the plan is carried out. */
  public Set<Link> resultingLinks() {
    Set<Link> result = new HashSet<>(cablesKept);
    cablesToMove.forEach(m -> result.add(m.to()));
    result.addAll(cablesToAdd);
    return result;
  }
}
