package io.tenantfabric.model.placement;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Which GPUs are usable and how many each server has free; built in one pass over the occupancy
 * sets and one over the GPU array, no sorting; then kept current GPU by GPU ({@link #occupy}) by an
 * {@link OccupancyIndex} that lives across decisions.
 */
final class FreeMap {

  final int gpusPerServer;
  final int servers;
  final int[] railGroup;
  final boolean[] unusable;
  final int[] freeCount;
  int totalFree;

  FreeMap(Fabric fabric, Occupancy occupancy) {
    gpusPerServer = fabric.gpusPerServer();
    servers = fabric.servers().size();
    railGroup = new int[servers];
    for (int s = 0; s < servers; s++) {
      railGroup[s] = fabric.servers().get(s).railGroup();
    }
    unusable = new boolean[servers * gpusPerServer];
    mark(fabric, occupancy.busy());
    mark(fabric, occupancy.cordoned());
    for (SwitchName leaf : occupancy.drainedLeaves()) {
      for (Gpu gpu : fabric.gpusOn(leaf)) {
        mark(fabric, gpu.id());
      }
    }
    freeCount = new int[servers];
    int free = 0;
    for (int s = 0; s < servers; s++) {
      int base = s * gpusPerServer;
      int count = 0;
      for (int i = 0; i < gpusPerServer; i++) {
        if (!unusable[base + i]) {
          count++;
        }
      }
      freeCount[s] = count;
      free += count;
    }
    totalFree = free;
  }

  private void mark(Fabric fabric, Set<GpuId> ids) {
    for (GpuId id : ids) {
      mark(fabric, id);
    }
  }

  // GPUs the fabric does not know (e.g. from before a redefinition) cannot be placed anyway
  private void mark(Fabric fabric, GpuId id) {
    OptionalInt index = fabric.gpuIndex(id);
    if (index.isPresent()) {
      unusable[index.getAsInt()] = true;
    }
  }

  /** Marks one GPU (by index) unusable; returns whether it was usable. */
  boolean occupy(int index) {
    if (unusable[index]) {
      return false;
    }
    unusable[index] = true;
    freeCount[index / gpusPerServer]--;
    totalFree--;
    return true;
  }

  boolean whole(int server) {
    return freeCount[server] == gpusPerServer;
  }
}
