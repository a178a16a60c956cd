package io.tenantfabric.bench;

import io.tenantfabric.model.placement.Occupancy;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * An occupancy drawn from a seed, with whole busy servers as real fabrics have them: the same draw
 * as tenant-model's PlacementBench (its RandomOccupancy lives in test sources).
 */
final class RandomOccupancy {
  private RandomOccupancy() {}

  static Occupancy of(Fabric fabric, long seed, int busyPercent, int cordonPermille, int drained) {
    Random random = new Random(seed);
    Set<GpuId> busy = new HashSet<>();
    Set<GpuId> cordoned = new HashSet<>();
    Set<SwitchName> drainedLeaves = new HashSet<>();
    int perServer = fabric.gpusPerServer();
    for (int s = 0; s < fabric.servers().size(); s++) {
      boolean wholeServerBusy = random.nextInt(100) < busyPercent / 2;
      for (int i = 0; i < perServer; i++) {
        GpuId gpu = fabric.gpus().get(s * perServer + i).id();
        if (wholeServerBusy || random.nextInt(100) < busyPercent / 2) {
          busy.add(gpu);
        }
        if (random.nextInt(1000) < cordonPermille) {
          cordoned.add(gpu);
        }
      }
    }
    for (int d = 0; d < drained; d++) {
      drainedLeaves.add(fabric.leaves().get(random.nextInt(fabric.leaves().size())).name());
    }
    return new Occupancy(busy, cordoned, drainedLeaves);
  }
}
