package io.tenantfabric.model.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SegmentGraphTest {

  @Test
  void vsisCarryingASharedVniAreInTheOrderOfTheirLines() {
    SegmentGraph graph = new SegmentGraph();
    graph.vsi("leaf-1", "t-a", "a", 5);
    graph.vsi("leaf-10", "t-a", "a", 5);
    graph.vsi("leaf-2", "t-b", "b", 5);

    // "leaf-10: vsi t-a vxlan 5" sorts before "leaf-1: vsi t-a vxlan 5" as text
    assertThat(graph.sharedVnis().get(5).get("a"))
        .containsExactly(
            new Evidence.VniCarrier("leaf-10", "t-a", 5),
            new Evidence.VniCarrier("leaf-1", "t-a", 5));
    assertThat(graph.sharedVnis().get(5).get("b"))
        .containsExactly(new Evidence.VniCarrier("leaf-2", "t-b", 5));
  }

  @Test
  void aLeakIsShownAsThePathBetweenTheTwoTenantsPorts() {
    SegmentGraph graph = new SegmentGraph();
    graph.vsi("leaf-01", "t-a", "a", 7);
    graph.vsi("leaf-02", "t-b", "b", 7);
    graph.bind("leaf-01", "FourHundredGigE1/0/1", "a", 1, "t-a");
    graph.bind("leaf-02", "FourHundredGigE1/0/2", "b", 1, "t-b");

    assertThat(graph.leaks())
        .singleElement()
        .satisfies(
            leak ->
                assertThat(leak.path())
                    .isEqualTo(
                        List.of(
                            new Evidence.SegmentPort("leaf-01", "FourHundredGigE1/0/1", "a"),
                            new Evidence.SegmentCircuit("leaf-01", "FourHundredGigE1/0/1", 1),
                            new Evidence.SegmentVsi("leaf-01", "t-a"),
                            new Evidence.SegmentVni(7),
                            new Evidence.SegmentVsi("leaf-02", "t-b"),
                            new Evidence.SegmentCircuit("leaf-02", "FourHundredGigE1/0/2", 1),
                            new Evidence.SegmentPort("leaf-02", "FourHundredGigE1/0/2", "b"))));
  }
}
