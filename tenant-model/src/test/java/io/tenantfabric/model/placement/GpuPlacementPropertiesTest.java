package io.tenantfabric.model.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.model.tenant.TenantName;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.ServerName;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class GpuPlacementPropertiesTest {

  private static final Fabric FABRIC = Fabric.of(FabricPresets.named("h3c-s9825-1024"));

  @Property(tries = 300)
  void placesExactlyNUsableDistinctGpusOrStatesTheFreeCapacity(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 100) int busyPercent,
      @ForAll @IntRange(min = 0, max = 50) int cordonPermille,
      @ForAll @IntRange(min = 0, max = 4) int drained,
      @ForAll @IntRange(min = 1, max = 1100) int n) {
    Occupancy occupancy = RandomOccupancy.of(FABRIC, seed, busyPercent, cordonPermille, drained);
    int free = RandomOccupancy.freeCount(FABRIC, occupancy);

    if (n > free) {
      InsufficientCapacityException e =
          catchThrowableOfType(
              InsufficientCapacityException.class, () -> GpuPlacement.place(FABRIC, occupancy, n));
      assertThat(e).isNotNull();
      assertThat(e.free()).isEqualTo(free);
      assertThat(e.requested()).isEqualTo(n);
      assertThat(e).hasMessageContaining(free + " are free");
      return;
    }
    List<GpuId> placed = GpuPlacement.place(FABRIC, occupancy, n);

    assertThat(placed).hasSize(n).doesNotHaveDuplicates();
    for (GpuId id : placed) {
      Gpu gpu = FABRIC.gpu(id).orElseThrow();
      assertThat(occupancy.busy()).doesNotContain(id);
      assertThat(occupancy.cordoned()).doesNotContain(id);
      assertThat(occupancy.drainedLeaves()).doesNotContain(gpu.leaf());
    }
  }

  @Property(tries = 300)
  void wholeServerRequestNeverFragmentsWhenEnoughWholeServersAreFree(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 90) int busyPercent,
      @ForAll @IntRange(min = 0, max = 20) int cordonPermille,
      @ForAll @IntRange(min = 0, max = 3) int drained,
      @ForAll @IntRange(min = 1, max = 40) int servers) {
    Occupancy occupancy = RandomOccupancy.of(FABRIC, seed, busyPercent, cordonPermille, drained);
    Set<ServerName> whole = wholeServers(occupancy);
    if (whole.size() < servers) {
      return;
    }
    List<GpuId> placed = GpuPlacement.place(FABRIC, occupancy, servers * 8);

    Map<ServerName, Integer> perServer = new HashMap<>();
    placed.forEach(id -> perServer.merge(id.server(), 1, Integer::sum));
    assertThat(perServer).hasSize(servers);
    assertThat(perServer.values()).containsOnly(8);
    assertThat(whole).containsAll(perServer.keySet());
  }

  @Property(tries = 300)
  void smallRequestGoesIntoAPartlyUsedServerWhenOneFits(
      @ForAll long seed,
      @ForAll @IntRange(min = 5, max = 90) int busyPercent,
      @ForAll @IntRange(min = 1, max = 7) int n) {
    Occupancy occupancy = RandomOccupancy.of(FABRIC, seed, busyPercent, 5, 1);
    Set<ServerName> whole = wholeServers(occupancy);
    boolean partialFits =
        FABRIC.servers().stream()
            .anyMatch(
                s -> {
                  int free = freeOn(s, occupancy);
                  return free >= n && free < 8;
                });
    if (!partialFits) {
      return;
    }
    List<GpuId> placed = GpuPlacement.place(FABRIC, occupancy, n);

    Set<ServerName> servers = new HashSet<>();
    placed.forEach(id -> servers.add(id.server()));
    assertThat(servers).hasSize(1);
    assertThat(whole).doesNotContainAnyElementsOf(servers);
  }

  @Property(tries = 200)
  void sameInputGivesTheSameGpusWhateverTheSetOrder(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 90) int busyPercent,
      @ForAll @IntRange(min = 1, max = 200) int n) {
    Occupancy occupancy = RandomOccupancy.of(FABRIC, seed, busyPercent, 10, 1);
    Occupancy reordered =
        new Occupancy(
            new TreeSet<>(occupancy.busy()),
            new TreeSet<>(occupancy.cordoned()),
            new TreeSet<>(occupancy.drainedLeaves()));
    if (n > RandomOccupancy.freeCount(FABRIC, occupancy)) {
      return;
    }

    assertThat(GpuPlacement.place(FABRIC, reordered, n))
        .isEqualTo(GpuPlacement.place(FABRIC, occupancy, n));
  }

  @Property(tries = 200)
  void placementWithinQuotaNeverTakesATenantPastIt(
      @ForAll @IntRange(min = 0, max = 64) int quota,
      @ForAll @IntRange(min = 0, max = 64) int live,
      @ForAll @IntRange(min = 1, max = 64) int requested) {
    TenantName tenant = new TenantName("acme");
    if (live + requested <= quota) {
      QuotaPolicy.check(tenant, quota, live, requested);
      assertThat(GpuPlacement.place(FABRIC, Occupancy.empty(), requested)).hasSize(requested);
    } else {
      QuotaExceededException e =
          catchThrowableOfType(
              QuotaExceededException.class,
              () -> QuotaPolicy.check(tenant, quota, live, requested));
      assertThat(e).isNotNull();
      assertThat(e.quota()).isEqualTo(quota);
      assertThat(e.live()).isEqualTo(live);
      assertThat(e.requested()).isEqualTo(requested);
    }
  }

  private static int freeOn(GpuServer server, Occupancy occupancy) {
    int free = 0;
    for (GpuId id : server.gpus()) {
      if (RandomOccupancy.usable(FABRIC.gpu(id).orElseThrow(), occupancy)) {
        free++;
      }
    }
    return free;
  }

  private static Set<ServerName> wholeServers(Occupancy occupancy) {
    Set<ServerName> whole = new HashSet<>();
    for (GpuServer s : FABRIC.servers()) {
      if (freeOn(s, occupancy) == 8) {
        whole.add(s.name());
      }
    }
    return whole;
  }
}
