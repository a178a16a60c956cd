package io.tenantfabric.model.placement;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.GpuId;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * An occupancy index kept across decisions decides exactly as a placement built from scratch on the
 * same occupancy, decision after decision, whatever was busy, cordoned or drained at first.
 */
class OccupancyIndexPropertiesTest {

  private static final Fabric FABRIC = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_1024));

  @Property(tries = 60)
  void decidesAsAFreshPlacement(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 60) int busyPercent,
      @ForAll @IntRange(min = 0, max = 20) int cordonPermille,
      @ForAll @IntRange(min = 0, max = 3) int drained,
      @ForAll @IntRange(min = 1, max = 30) int decisions) {
    Occupancy start = RandomOccupancy.of(FABRIC, seed, busyPercent, cordonPermille, drained);
    OccupancyIndex index = OccupancyIndex.of(FABRIC, start);
    Set<GpuId> busy = new HashSet<>(start.busy());
    Random r = new Random(seed);
    for (int i = 0; i < decisions; i++) {
      int gpus = 1 + r.nextInt(r.nextBoolean() ? 8 : 40);
      Occupancy now = new Occupancy(busy, start.cordoned(), start.drainedLeaves());
      if (gpus > RandomOccupancy.freeCount(FABRIC, now)) {
        return;
      }
      List<GpuId> fresh = GpuPlacement.place(FABRIC, now, gpus);
      assertThat(index.place(gpus)).isEqualTo(fresh);
      index.occupy(fresh);
      busy.addAll(fresh);
      assertThat(index.free()).isEqualTo(RandomOccupancy.freeCount(FABRIC, now) - gpus);
    }
  }
}
