package io.tenantfabric.model.topology;

import java.util.Comparator;

/**
 * How big a spec would be once wired, computed from its counts alone (nothing is built): switches,
 * switch ports and GPUs. {@link #LIMIT} is twice the largest preset in every dimension: the
 * supported scale with room to grow, while a typo in a count is refused before it can allocate
 * gigabytes or hold the fabric lock for minutes.
 */
public record FabricSize(long switches, long ports, long gpus) {

  /** Ports per switch that port names (and the database's port name check) can carry. */
  public static final int MAX_PORTS_PER_SWITCH = 999;

  /** The largest fabric accepted: twice the largest preset. */
  public static final FabricSize LIMIT = largestPreset().times(2);

  /** The size of {@code spec}; its counts must be positive (checked before). */
  public static FabricSize of(FabricSpec spec) {
    long switches =
        (long) spec.pods() * (spec.spinesPerPod() + (long) spec.leavesPerPod())
            + spec.superSpines();
    long ports = switches * Math.max(spec.portsPerSwitch(), spec.leafDownlinks());
    long slots = (long) spec.totalLeaves() / spec.gpusPerServer() * spec.leafDownlinks();
    long servers = spec.servers() == null ? slots : Math.min(slots, spec.servers());
    return new FabricSize(switches, ports, servers * spec.gpusPerServer());
  }

  /** True when every dimension is within {@code limit}. */
  public boolean fitsIn(FabricSize limit) {
    return switches <= limit.switches && ports <= limit.ports && gpus <= limit.gpus;
  }

  FabricSize times(long factor) {
    return new FabricSize(switches * factor, ports * factor, gpus * factor);
  }

  private static FabricSize largestPreset() {
    return FabricPresets.names().stream()
        .map(name -> of(FabricPresets.named(name)))
        .max(Comparator.comparingLong(FabricSize::gpus))
        .orElseThrow();
  }
}
