package io.tenantfabric.model.placement;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.GpuId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Chooses N free GPUs for an allocation, deterministically: whole servers first (from the rail
 * groups with the most free whole servers, so few rail groups and leaves are touched), then the
 * remainder best-fit into partly used servers (smallest free count that fits, rail groups already
 * chosen first), and a whole server is broken only when nothing else fits. Ties go to the lower
 * server name. Cost per call is linear in GPUs plus the occupancy sets; no sort over GPUs.
 */
public final class GpuPlacement {

  private GpuPlacement() {}

  /**
   * The GPUs for a request of {@code gpus}, sorted by server and index; throws {@link
   * InsufficientCapacityException} when fewer are free.
   */
  public static List<GpuId> place(Fabric fabric, Occupancy occupancy, int gpus) {
    if (gpus < 1) {
      throw new IllegalArgumentException("requested GPUs must be at least 1, was " + gpus);
    }
    return place(fabric, new FreeMap(fabric, occupancy), gpus);
  }

  /** The same decision on a free map kept by an {@link OccupancyIndex}. */
  static List<GpuId> place(Fabric fabric, FreeMap free, int gpus) {
    if (gpus < 1) {
      throw new IllegalArgumentException("requested GPUs must be at least 1, was " + gpus);
    }
    if (gpus > free.totalFree) {
      throw new InsufficientCapacityException(gpus, free.totalFree);
    }
    Selection selection = new Selection(free, fabric.railGroups());
    selection.takeWholeServers(gpus / free.gpusPerServer);
    selection.fillRemainder(gpus - selection.taken());
    int[] chosen = selection.chosenGpuIndexes();
    Arrays.sort(chosen);
    List<GpuId> ids = new ArrayList<>(chosen.length);
    for (int index : chosen) {
      ids.add(fabric.gpus().get(index).id());
    }
    return List.copyOf(ids);
  }
}
