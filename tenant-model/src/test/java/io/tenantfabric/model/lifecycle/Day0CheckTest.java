package io.tenantfabric.model.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class Day0CheckTest {

  /** 2 spines, 2 leaves of 4 GPU ports (port 2 of the first leaf broken out 1:2). */
  private static final Fabric FABRIC =
      Fabric.of(
          FabricSpec.builder("day0")
              .spinesPerPod(2)
              .leavesPerPod(2)
              .leafDownlinks(4)
              .gpusPerServer(2)
              .leafUplinksPerSpine(2)
              .breakoutDownlinks(List.of(new BreakoutPort("leaf-01", 2)))
              .build());

  private static final SwitchName LEAF = new SwitchName("leaf-01");
  private static final SwitchName SPINE = FABRIC.spines().get(0).name();

  /** Everything day-0 asks of {@code sw}: its ports, jumbo frames everywhere, the globals. */
  private static Day0Facts ready(SwitchName sw) {
    Set<String> ports =
        FABRIC.portsOf(sw).stream().map(PortName::value).collect(Collectors.toSet());
    Map<String, Integer> jumbo = new HashMap<>();
    ports.forEach(p -> jumbo.put(p, 9416));
    return new Day0Facts(
        sw.value(), true, true, Optional.of("10.255.1.1"), Set.of("10.255.0.1"), ports, jumbo);
  }

  private static List<Day0Item> items(List<Day0Gap> gaps) {
    return gaps.stream().map(Day0Gap::item).toList();
  }

  @Test
  void aSwitchWithItsDay0IsReady() {
    assertThat(Day0Check.gaps(FABRIC, LEAF, ready(LEAF))).isEmpty();
    assertThat(Day0Check.gaps(FABRIC, SPINE, ready(SPINE))).isEmpty();
  }

  @Test
  void aFactoryFreshLeafLacksEveryItemWithTheBreakoutPortsNamed() {
    Set<String> unsplit =
        Set.of("FourHundredGigE1/0/1", "FourHundredGigE1/0/2", "FourHundredGigE1/0/3");
    Day0Facts fresh =
        new Day0Facts("H3C", false, false, Optional.empty(), Set.of(), unsplit, Map.of());

    List<Day0Gap> gaps = Day0Check.gaps(FABRIC, LEAF, fresh);

    assertThat(items(gaps))
        .containsExactly(
            Day0Item.SYSNAME,
            Day0Item.LLDP,
            Day0Item.PORTS,
            Day0Item.JUMBO_FRAMES,
            Day0Item.L2VPN,
            Day0Item.VTEP_SOURCE,
            Day0Item.EVPN_PEERS);
    assertThat(gaps.get(0).detail()).contains("'H3C'").contains("leaf-01");
    assertThat(gaps.get(2).detail())
        .contains("TwoHundredGigE1/0/2:1, TwoHundredGigE1/0/2:2, FourHundredGigE1/0/4");
    assertThat(gaps.get(3).detail()).contains("9000").contains("FourHundredGigE1/0/1");
  }

  @Test
  void aSpineNeedsNoL2vpnNorVtepSource() {
    Day0Facts facts = ready(SPINE);
    Day0Facts noOverlay =
        new Day0Facts(
            facts.hostName(),
            false,
            true,
            Optional.empty(),
            facts.evpnPeers(),
            facts.interfaces(),
            facts.jumboFrames());
    assertThat(Day0Check.gaps(FABRIC, SPINE, noOverlay)).isEmpty();
  }

  @Test
  void smallFramesOnAnUnusedPortDoNotMatterButOnAGpuPortTheyDo() {
    Day0Facts facts = ready(LEAF);
    Map<String, Integer> jumbo = new HashMap<>(facts.jumboFrames());
    jumbo.put("FourHundredGigE1/0/60", 1500);
    Day0Facts unusedSmall = withJumbo(facts, jumbo);
    assertThat(Day0Check.gaps(FABRIC, LEAF, unusedSmall)).isEmpty();

    jumbo.put("FourHundredGigE1/0/1", 1500);
    assertThat(Day0Check.gaps(FABRIC, LEAF, withJumbo(facts, jumbo)))
        .singleElement()
        .satisfies(g -> assertThat(g.item()).isEqualTo(Day0Item.JUMBO_FRAMES))
        .satisfies(g -> assertThat(g.detail()).endsWith("FourHundredGigE1/0/1"));
  }

  @Test
  void aLongListOfPortsIsCutAndCounted() {
    Day0Facts facts = ready(SPINE);
    Day0Facts noJumbo = withJumbo(facts, Map.of());
    String detail = Day0Check.gaps(FABRIC, SPINE, noJumbo).get(0).detail();
    int usedPorts = CablePlan.of(FABRIC, SPINE).size();
    if (usedPorts > Day0Check.LISTED_PORTS) {
      assertThat(detail).contains("and " + (usedPorts - Day0Check.LISTED_PORTS) + " more");
    } else {
      assertThat(detail).doesNotContain("more");
    }
  }

  private static Day0Facts withJumbo(Day0Facts f, Map<String, Integer> jumbo) {
    return new Day0Facts(
        f.hostName(),
        f.l2vpnEnabled(),
        f.lldpEnabled(),
        f.vtepSource(),
        f.evpnPeers(),
        f.interfaces(),
        jumbo);
  }
}
