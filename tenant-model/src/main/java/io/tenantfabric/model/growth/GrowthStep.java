package io.tenantfabric.model.growth;

import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.ServerName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;

/**
 * One step of a live growth, applied in order: the step onboards its switches, re-plugs its moved
 * cables (every moved end unplugged before any is plugged in its new place), adds its cables, then
 * joins its servers and GPUs. Lists are in the order {@link GrowthSchedule} documents.
 *
 * @param number 1-based, consecutive over the schedule
 * @param kind what the step is for
 * @param switchesToOnboard new switches brought into service, by name
 * @param cablesToMove cables whose upper end is re-plugged, the leaf (lower) end staying
 * @param cablesToAdd new cables
 * @param serversToJoin new servers, by name
 * @param gpusToJoin the new GPUs of those servers (and any other new GPU), by id
 */
public record GrowthStep(
    int number,
    GrowthStepKind kind,
    List<SwitchName> switchesToOnboard,
    List<CableMove> cablesToMove,
    List<Link> cablesToAdd,
    List<ServerName> serversToJoin,
    List<GpuId> gpusToJoin) {

  public GrowthStep {
    if (number < 1 || kind == null) {
      throw new IllegalArgumentException("a growth step has a number >= 1 and a kind");
    }
    switchesToOnboard = List.copyOf(switchesToOnboard);
    cablesToMove = List.copyOf(cablesToMove);
    cablesToAdd = List.copyOf(cablesToAdd);
    serversToJoin = List.copyOf(serversToJoin);
    gpusToJoin = List.copyOf(gpusToJoin);
  }
}
