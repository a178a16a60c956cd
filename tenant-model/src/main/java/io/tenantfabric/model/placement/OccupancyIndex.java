package io.tenantfabric.model.placement;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import java.util.Collection;
import java.util.List;
import java.util.OptionalInt;

/**
 * The placement state of a fabric kept across decisions: built once from an {@link Occupancy}
 * (linear in GPUs), then each decision costs only the decision ({@link #place}, linear in servers)
 * and recording it costs the GPUs it took ({@link #occupy}). Decides exactly as {@link
 * GpuPlacement#place(Fabric, Occupancy, int)} on the same occupancy. Not thread-safe: its owner
 * serialises decisions (the controller does so under the fabric lock).
 */
public final class OccupancyIndex {
  private final Fabric fabric;
  private final FreeMap free;

  private OccupancyIndex(Fabric fabric, FreeMap free) {
    this.fabric = fabric;
    this.free = free;
  }

  /** The index of {@code fabric} with {@code occupancy} unusable. */
  public static OccupancyIndex of(Fabric fabric, Occupancy occupancy) {
    return new OccupancyIndex(fabric, new FreeMap(fabric, occupancy));
  }

  public Fabric fabric() {
    return fabric;
  }

  /** Free GPUs now. */
  public int free() {
    return free.totalFree;
  }

  /** The GPUs a request of {@code gpus} gets now; changes nothing. */
  public List<GpuId> place(int gpus) {
    return GpuPlacement.place(fabric, free, gpus);
  }

  /** Records {@code gpus} as taken; GPUs the fabric does not know are ignored. */
  public void occupy(Collection<GpuId> gpus) {
    for (GpuId id : gpus) {
      OptionalInt index = fabric.gpuIndex(id);
      if (index.isPresent()) {
        free.occupy(index.getAsInt());
      }
    }
  }
}
