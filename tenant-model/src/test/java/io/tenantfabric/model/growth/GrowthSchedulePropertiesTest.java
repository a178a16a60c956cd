package io.tenantfabric.model.growth;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Rules 1 to 4 of {@link GrowthSchedule} over the family of the case study's growth: {@code n}
 * spines with two links from each of {@code 2n} leaves grow to {@code 2n} spines with one link from
 * each of {@code 4n} leaves on two spine-port lanes, with any rail-group size and any number of
 * servers before and after.
 */
class GrowthSchedulePropertiesTest {

  record Pair(FabricSpec from, FabricSpec to) {}

  @Property(tries = 60)
  void everyGrowthOfTheFamilyHoldsTheRules(@ForAll("pairs") Pair pair) {
    Fabric from = Fabric.of(pair.from());
    Fabric to = Fabric.of(pair.to());
    GrowthPlan plan = GrowthPlanner.plan(from, to);

    List<GrowthStep> steps = GrowthSchedule.of(plan, from, to);

    Schedules.assertHoldsTheRules(plan, from, to, steps);
    assertThat(GrowthSchedule.of(plan, from, to)).isEqualTo(steps);
  }

  @Provide
  Arbitrary<Pair> pairs() {
    return Arbitraries.integers()
        .between(1, 8)
        .flatMap(
            n -> {
              List<Integer> divisors =
                  IntStream.rangeClosed(1, 2 * n).filter(g -> 2 * n % g == 0).boxed().toList();
              return Arbitraries.of(divisors)
                  .flatMap(
                      g -> {
                        int slotsBefore = 2 * n / g * 2 * n;
                        int slotsAfter = 4 * n / g * 2 * n;
                        return Arbitraries.integers()
                            .between(1, slotsBefore)
                            .flatMap(
                                before ->
                                    Combinators.combine(
                                            Arbitraries.just(before),
                                            Arbitraries.integers().between(before, slotsAfter))
                                        .as((b, a) -> pair(n, g, b, a)));
                      });
            });
  }

  private static Pair pair(int n, int gpusPerServer, int serversBefore, int serversAfter) {
    FabricSpec from =
        FabricSpec.builder("family-" + n)
            .spinesPerPod(n)
            .leavesPerPod(2 * n)
            .portsPerSwitch(4 * n)
            .leafDownlinks(2 * n)
            .leafUplinksPerSpine(2)
            .gpusPerServer(gpusPerServer)
            .servers(serversBefore)
            .build();
    FabricSpec to =
        from.toBuilder()
            .name("family-" + n + "-grown")
            .spinesPerPod(2 * n)
            .leavesPerPod(4 * n)
            .leafUplinksPerSpine(1)
            .spinePortLanes(2)
            .servers(serversAfter)
            .build();
    return new Pair(from, to);
  }
}
