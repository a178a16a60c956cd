package io.tenantfabric.model.placement;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.SwitchName;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/** Test data: an occupancy drawn from a seed, with whole busy servers as real fabrics have them. */
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
        Gpu gpu = fabric.gpus().get(s * perServer + i);
        if (wholeServerBusy || random.nextInt(100) < busyPercent / 2) {
          busy.add(gpu.id());
        }
        if (random.nextInt(1000) < cordonPermille) {
          cordoned.add(gpu.id());
        }
      }
    }
    for (int d = 0; d < drained; d++) {
      drainedLeaves.add(fabric.leaves().get(random.nextInt(fabric.leaves().size())).name());
    }
    return new Occupancy(busy, cordoned, drainedLeaves);
  }

  /** Free GPUs counted the slow, obvious way, as the oracle for the placement under test. */
  static int freeCount(Fabric fabric, Occupancy occupancy) {
    int free = 0;
    for (Gpu gpu : fabric.gpus()) {
      if (usable(gpu, occupancy)) {
        free++;
      }
    }
    return free;
  }

  static boolean usable(Gpu gpu, Occupancy occupancy) {
    return !occupancy.busy().contains(gpu.id())
        && !occupancy.cordoned().contains(gpu.id())
        && !occupancy.drainedLeaves().contains(gpu.leaf());
  }
}
