package io.tenantfabric.controller.allocation;

import io.tenantfabric.db.allocation.AllocationRepository;
import io.tenantfabric.db.fabric.GpuRepository;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.model.placement.Occupancy;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** What placement must avoid, as stored: busy GPUs, cordoned GPUs, drained leaves. */
@Component
class OccupancyReader {

  private final AllocationRepository allocations;
  private final GpuRepository gpus;
  private final SwitchRepository switches;

  OccupancyReader(AllocationRepository allocations, GpuRepository gpus, SwitchRepository switches) {
    this.allocations = allocations;
    this.gpus = gpus;
    this.switches = switches;
  }

  /** The occupancy now (in the caller's transaction). */
  Occupancy current() {
    return new Occupancy(
        ids(allocations.findBusyGpuIds()),
        ids(gpus.findCordonedIds()),
        switches.findDrainedNames().stream().map(SwitchName::new).collect(Collectors.toSet()));
  }

  private static Set<GpuId> ids(List<String> raw) {
    return raw.stream().map(GpuId::new).collect(Collectors.toSet());
  }
}
