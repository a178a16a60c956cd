package io.tenantfabric.model.pool;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * Picks the lowest VNI of a range that is neither live nor released less than {@code quarantine}
 * ago; pure, so the caller supplies the clock and the current pool state.
 */
public final class VniAllocator {

  private VniAllocator() {}

  /** Lowest free VNI; throws {@link PoolExhaustedException} when every VNI is held. */
  public static Vni pick(
      VniRange range,
      Set<Vni> live,
      Map<Vni, Instant> releasedAt,
      Instant now,
      Duration quarantine) {
    Quarantine.requireValid(quarantine);
    for (int v = range.first(); v <= range.last(); v++) {
      Vni candidate = new Vni(v);
      if (!live.contains(candidate)
          && !Quarantine.holds(releasedAt.get(candidate), now, quarantine)) {
        return candidate;
      }
    }
    throw new PoolExhaustedException(
        "vni " + range,
        range.size(),
        live.stream().filter(range::contains).count(),
        releasedAt.entrySet().stream()
            .filter(e -> range.contains(e.getKey()) && !live.contains(e.getKey()))
            .filter(e -> Quarantine.holds(e.getValue(), now, quarantine))
            .count());
  }
}
