package io.tenantfabric.model.compile;

import static io.tenantfabric.model.compile.Snapshots.CASE_STUDY;
import static io.tenantfabric.model.compile.Snapshots.allocation;
import static io.tenantfabric.model.compile.Snapshots.snapshot;
import static io.tenantfabric.model.compile.Snapshots.sw;
import static io.tenantfabric.model.compile.Snapshots.tenant;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.placement.GpuPlacement;
import io.tenantfabric.model.placement.Occupancy;
import io.tenantfabric.model.testing.GoldenFiles;
import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * One golden file per scenario under src/test/resources/golden/compile, in {@link DeviceConfigText}
 * form; {@code -Dgolden.update=true} rewrites them.
 */
class FabricCompilerGoldenTest {

  private static final FabricSnapshot EMPTY = snapshot(CASE_STUDY, List.of(), List.of());

  private static void assertGolden(String file, DeviceConfig config) {
    GoldenFiles.assertMatches("compile", file, DeviceConfigText.render(config));
  }

  @Test
  void emptyFabricLeafHasTheBaselineAndEveryGpuPortScrubbed() {
    assertGolden("empty-leaf-01.txt", FabricCompiler.compile(EMPTY, sw("leaf-01")));
  }

  @Test
  void emptyFabricSpineHasTheBaselineOnItsFabricPortsOnly() {
    assertGolden("empty-spine-01.txt", FabricCompiler.compile(EMPTY, sw("spine-01")));
  }

  @Test
  void oneTenantOnOneServerShowsOnLeaf01ItsRailZeroPort() {
    // gpu-node-005/i sits on leaf-0(i+1) port 5: the server spans the 8 rail leaves
    FabricSnapshot s =
        snapshot(
            CASE_STUDY,
            List.of(tenant("acme", 10005, "10.5.0.0/16")),
            List.of(allocation("a-1", "acme", serverGpus("gpu-node-005", 8))));

    assertGolden("one-tenant-leaf-01.txt", FabricCompiler.compile(s, sw("leaf-01")));
  }

  @Test
  void oneTenantPerGpuOnOneLeaf() {
    List<TenantIntent> tenants = new ArrayList<>();
    List<AllocationIntent> allocations = new ArrayList<>();
    for (int i = 1; i <= 32; i++) {
      String name = String.format("tenant-%02d", i);
      tenants.add(tenant(name, 10000 + i, "10.0.0." + 8 * (i - 1) + "/29"));
      allocations.add(allocation("a-" + i, name, String.format("gpu-node-%03d/0", i)));
    }
    FabricSnapshot s = snapshot(CASE_STUDY, tenants, allocations);

    assertGolden("tenant-per-gpu-leaf-01.txt", FabricCompiler.compile(s, sw("leaf-01")));
  }

  @Test
  void breakoutSubPortsAreGpuPortsLikeAnyOther() {
    Fabric fabric =
        Fabric.of(
            FabricPresets.named(FabricPresets.H3C_S9825_1024).toBuilder()
                .breakoutDownlinks(
                    List.of(new BreakoutPort("leaf-01", 3), new BreakoutPort("leaf-01", 4)))
                .build());
    FabricSnapshot s =
        snapshot(
            fabric,
            List.of(tenant("acme", 10005, "10.5.0.0/16"), tenant("globex", 10006, "10.6.0.0/16")),
            List.of(
                allocation("a-1", "acme", "gpu-node-003/0", "gpu-node-005/0"),
                allocation("g-1", "globex", "gpu-node-004/0")));

    DeviceConfig leaf = FabricCompiler.compile(s, sw("leaf-01"));

    assertGolden("breakout-leaf-01.txt", leaf);
    assertThat(leaf.ports().get(PortName.twoHundred(3, 1)).binding()).isPresent();
    assertThat(leaf.ports().get(PortName.twoHundred(3, 2)))
        .isEqualTo(PortConfig.scrubbed(PortName.twoHundred(3, 2)));
    assertThat(leaf.ports()).doesNotContainKey(PortName.fourHundred(3));
  }

  @Test
  void drainedLeafKeepsItsAllocationsBoundWhileNewOnesGoElsewhere() {
    // acme holds GPU 2 of two servers (leaf-03), then leaf-03 is drained and globex is placed
    AllocationIntent acme = allocation("a-1", "acme", "gpu-node-001/2", "gpu-node-002/2");
    Occupancy drained = new Occupancy(acme.gpus(), Set.of(), Set.of(sw("leaf-03")));
    TreeSet<GpuId> placed = new TreeSet<>(GpuPlacement.place(CASE_STUDY, drained, 4));
    FabricSnapshot s =
        snapshot(
            CASE_STUDY,
            List.of(tenant("acme", 10005, "10.5.0.0/16"), tenant("globex", 10006, "10.6.0.0/16")),
            List.of(acme, new AllocationIntent("g-1", "globex", placed)));

    DeviceConfig leaf = FabricCompiler.compile(s, sw("leaf-03"));

    assertGolden("drained-leaf-03.txt", leaf);
    assertThat(leaf.vsis()).containsOnlyKeys("t-acme");
    for (GpuId gpu : placed) {
      SwitchName leafOfGpu = CASE_STUDY.gpu(gpu).orElseThrow().leaf();
      assertThat(FabricCompiler.compile(s, leafOfGpu).vsis()).containsKey("t-globex");
    }
  }

  @Test
  void releaseScrubsItsPortsAndDropsVsiAndAclOfATenantLeftWithoutPorts() {
    TenantIntent acme = tenant("acme", 10005, "10.5.0.0/16");
    TenantIntent globex = tenant("globex", 10006, "10.6.0.0/16");
    AllocationIntent kept = allocation("a-1", "acme", "gpu-node-001/0", "gpu-node-002/0");
    AllocationIntent released = allocation("a-2", "acme", "gpu-node-003/0");
    AllocationIntent releasedGlobex = allocation("g-1", "globex", "gpu-node-004/0");
    FabricSnapshot before =
        snapshot(CASE_STUDY, List.of(acme, globex), List.of(kept, released, releasedGlobex));
    FabricSnapshot after = snapshot(CASE_STUDY, List.of(acme, globex), List.of(kept));

    DeviceConfig was = FabricCompiler.compile(before, sw("leaf-01"));
    DeviceConfig is = FabricCompiler.compile(after, sw("leaf-01"));

    assertGolden("release-leaf-01.txt", is);
    assertThat(was.vsis()).containsOnlyKeys("t-acme", "t-globex");
    assertThat(is.vsis()).containsOnlyKeys("t-acme");
    assertThat(is.acls()).containsOnlyKeys("t-acme-in");
    for (int port : new int[] {3, 4}) {
      PortName p = PortName.fourHundred(port);
      assertThat(is.ports().get(p)).isEqualTo(PortConfig.scrubbed(p));
    }
  }

  private static String[] serverGpus(String server, int count) {
    String[] ids = new String[count];
    for (int i = 0; i < count; i++) {
      ids[i] = server + "/" + i;
    }
    return ids;
  }
}
