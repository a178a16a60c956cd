package io.tenantfabric.controller.allocation;

import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.fabric.GpuRepository;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.operation.GpuHolds;
import io.tenantfabric.model.placement.Occupancy;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.context.annotation.Import;
import org.springframework.stereotype.Component;

/**
 * What placement must avoid, as stored: busy GPUs; cordoned GPUs and GPUs whose cable is not
 * placeable (a wrong peer, a missing or unexpected cable), avoided alike; drained leaves and leaves
 * that are unreachable or not ready, avoided alike. Every one of these changes moves the intent
 * version, so indexes built on an older one are rebuilt.
 */
@Component
@Import(GpuHolds.class) // the app scans only its own packages
class OccupancyReader {

  private final AllocationRepository allocations;
  private final GpuRepository gpus;
  private final SwitchRepository switches;
  private final GpuHolds holds;

  OccupancyReader(
      AllocationRepository allocations,
      GpuRepository gpus,
      GpuHolds holds,
      SwitchRepository switches) {
    this.holds = holds;
    this.allocations = allocations;
    this.gpus = gpus;
    this.switches = switches;
  }

  /** The occupancy now (in the caller's transaction). */
  Occupancy current() {
    Set<GpuId> unplaceable = new HashSet<>(ids(gpus.findCordonedIds()));
    unplaceable.addAll(ids(gpus.findCableBlockedIds()));
    unplaceable.addAll(ids(holds.heldIds()));
    Set<SwitchName> out = new HashSet<>();
    switches.findDrainedNames().forEach(n -> out.add(new SwitchName(n)));
    switches.findOutNames().forEach(n -> out.add(new SwitchName(n)));
    return new Occupancy(ids(allocations.findBusyGpuIds()), unplaceable, out);
  }

  private static Set<GpuId> ids(List<String> raw) {
    return raw.stream().map(GpuId::new).collect(Collectors.toSet());
  }
}
