package io.tenantfabric.model.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class FabricPresetsTest {

  static List<String> presets() {
    return List.copyOf(FabricPresets.names());
  }

  @Test
  void namesThePresetsInSizeOrderTheGrownLayoutLast() {
    assertThat(FabricPresets.names())
        .containsExactly(
            "h3c-s9825-1024", "h3c-s9825-2048", "h3c-s9825-10240", "h3c-s9825-10240-grown");
  }

  @Test
  void unknownPresetIsATypedErrorListingTheKnownOnes() {
    assertThatThrownBy(() -> FabricPresets.named("h3c-s9825-999"))
        .isInstanceOf(UnknownPresetException.class)
        .hasMessageContaining("h3c-s9825-999")
        .hasMessageContaining("h3c-s9825-1024");
  }

  @ParameterizedTest
  @CsvSource({
    "h3c-s9825-1024, 16, 32, 0, 1024, 128, 1024",
    "h3c-s9825-2048, 32, 64, 0, 2048, 256, 2048",
    "h3c-s9825-10240, 320, 320, 160, 20480, 1280, 10240",
    "h3c-s9825-10240-grown, 320, 320, 160, 20480, 1280, 10240"
  })
  void presetValidatesWithTheStatedCounts(
      String preset, int spines, int leaves, int supers, int links, int servers, int gpus) {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));

    assertThat(fabric.name()).isEqualTo(preset);
    assertThat(fabric.spines()).hasSize(spines);
    assertThat(fabric.leaves()).hasSize(leaves);
    assertThat(fabric.superSpines()).hasSize(supers);
    assertThat(fabric.switches()).hasSize(spines + leaves + supers);
    assertThat(fabric.links()).hasSize(links);
    assertThat(fabric.servers()).hasSize(servers);
    assertThat(fabric.gpus()).hasSize(gpus);
    assertThat(fabric.vniRange().first()).isEqualTo(10000);
    assertThat(fabric.vniRange().last()).isEqualTo(99999);
    assertThat(fabric.tenantSupernet()).hasToString("10.0.0.0/8");
    assertThat(fabric.rocePriority()).isEqualTo(3);
  }

  @ParameterizedTest
  @MethodSource("presets")
  void everyGpuSitsOnExactlyOneLeafDownlinkAndNoPortIsUsedTwice(String preset) {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    Set<String> used = new HashSet<>();
    for (Gpu gpu : fabric.gpus()) {
      Switch leaf = fabric.switchNamed(gpu.leaf()).orElseThrow();
      assertThat(leaf.role()).isEqualTo(SwitchRole.LEAF);
      assertThat(gpu.port().number()).isBetween(1, fabric.spec().leafDownlinks());
      assertThat(fabric.portsOf(gpu.leaf())).contains(gpu.port());
      assertThat(used.add(gpu.leaf() + " " + gpu.port())).as("port of %s", gpu.id()).isTrue();
    }
    for (Link link : fabric.links()) {
      assertThat(used.add(link.lower() + " " + link.lowerPort())).as("%s", link).isTrue();
      assertThat(used.add(link.upper() + " " + link.upperPort())).as("%s", link).isTrue();
      assertThat(link.lowerPort().number()).isBetween(1, 64);
      assertThat(link.upperPort().number()).isBetween(1, 64);
    }
    for (Switch s : fabric.leaves()) {
      assertThat(fabric.gpusOn(s.name())).hasSize(32);
      assertThat(fabric.linksOf(s.name())).hasSize(32);
    }
  }

  @ParameterizedTest
  @MethodSource("presets")
  void everyUpperTierPortIsCabledExactlyOnce(String preset) {
    Fabric fabric = Fabric.of(FabricPresets.named(preset));
    Map<SwitchName, Integer> upperEnds = new HashMap<>();
    fabric.links().forEach(l -> upperEnds.merge(l.upper(), 1, Integer::sum));
    for (Switch s : fabric.switches()) {
      if (s.role() == SwitchRole.SUPER_SPINE
          || fabric.superSpines().isEmpty() && s.role() == SwitchRole.SPINE) {
        assertThat(upperEnds.get(s.name())).as("%s", s.name()).isEqualTo(64);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("presets")
  void namesAreUniqueAndDeterministic(String preset) {
    Fabric one = Fabric.of(FabricPresets.named(preset));
    Fabric two = Fabric.of(FabricPresets.named(preset));

    assertThat(one.switches()).isEqualTo(two.switches());
    assertThat(one.links()).isEqualTo(two.links());
    assertThat(one.gpus()).isEqualTo(two.gpus());
    assertThat(one.switches().stream().map(Switch::name).collect(Collectors.toSet()))
        .hasSize(one.switches().size());
    assertThat(one.gpus().stream().map(Gpu::id).collect(Collectors.toSet()))
        .hasSize(one.gpus().size());
  }

  @Test
  void caseStudyWiringMatchesTheDesign() {
    Fabric fabric = Fabric.of(FabricPresets.named("h3c-s9825-1024"));

    // spine port p goes to leaf ((p-1)/2)+1, two links from every leaf to every spine
    for (Link link : fabric.linksOf(new SwitchName("spine-07"))) {
      int p = link.upperPort().number();
      assertThat(link.lower()).isEqualTo(SwitchName.numbered("leaf", (p - 1) / 2 + 1, 2));
      assertThat(link.lowerPort().number()).isBetween(33, 64);
    }
    // server k (0-based): group k/32, slot k%32, GPU i -> leaf g*8+i+1 port slot+1
    Gpu gpu = fabric.gpu(new GpuId("gpu-node-045/3")).orElseThrow();
    assertThat(gpu.leaf()).isEqualTo(new SwitchName("leaf-12"));
    assertThat(gpu.port()).isEqualTo(PortName.fourHundred(13));
    assertThat(gpu.rail()).isEqualTo(3);
    assertThat(fabric.server(new ServerName("gpu-node-045")).orElseThrow().railGroup())
        .isEqualTo(1);
  }

  @Test
  void threeTierPresetHasTenPodsAndEvenSuperSpineWiring() {
    Fabric fabric = Fabric.of(FabricPresets.named("h3c-s9825-10240"));

    assertThat(fabric.leaves().stream().map(Switch::pod).distinct()).hasSize(10);
    assertThat(fabric.spines().stream().filter(s -> s.pod() == 4)).hasSize(32);
    assertThat(fabric.superSpines().get(0).name()).isEqualTo(new SwitchName("superspine-001"));
    assertThat(fabric.superSpines().get(159).name()).isEqualTo(new SwitchName("superspine-160"));
    // a pod spine reaches 32 different super-spines, one link each
    List<Link> spineLinks = fabric.linksOf(new SwitchName("spine-037"));
    assertThat(spineLinks.stream().filter(l -> l.lower().value().equals("spine-037")))
        .hasSize(32)
        .extracting(Link::upper)
        .doesNotHaveDuplicates();
    // each leaf's uplinks stay inside its pod
    for (Link l : fabric.linksOf(new SwitchName("leaf-100"))) {
      assertThat(fabric.switchNamed(l.upper()).orElseThrow().pod()).isEqualTo(4);
    }
  }

  @Test
  void theGrownLayoutKeepsTheNamesOfThe2048FabricAndFillsEverySpinePort() {
    Fabric fabric = Fabric.of(FabricPresets.named(FabricPresets.H3C_S9825_10240_GROWN));

    assertThat(fabric.spines().get(0).name()).isEqualTo(new SwitchName("spine-01"));
    assertThat(fabric.spines().get(319).name()).isEqualTo(new SwitchName("spine-320"));
    assertThat(fabric.leaves().get(63).name()).isEqualTo(new SwitchName("leaf-64"));
    assertThat(fabric.superSpines().get(0).name()).isEqualTo(new SwitchName("superspine-001"));
    assertThat(fabric.servers().get(255).name()).isEqualTo(new ServerName("gpu-node-256"));
    assertThat(fabric.servers().get(1279).name()).isEqualTo(new ServerName("gpu-node-1280"));
    // pod spine: leaves on the odd ports, super-spines on the even ones
    for (Link l : fabric.linksOf(new SwitchName("spine-01"))) {
      boolean down = l.upper().value().equals("spine-01");
      int port = down ? l.upperPort().number() : l.lowerPort().number();
      assertThat(port % 2).as("%s", l).isEqualTo(down ? 1 : 0);
    }
    assertThat(fabric.linksOf(new SwitchName("spine-01"))).hasSize(64);
    assertThat(fabric.switchNamed(new SwitchName("leaf-33")).orElseThrow().pod()).isEqualTo(2);
  }
}
