package io.tenantfabric.controller.cabling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.lifecycle.CablingRow;
import io.tenantfabric.model.lifecycle.CableEnd;
import io.tenantfabric.model.lifecycle.CableKind;
import io.tenantfabric.model.lifecycle.PlannedCable;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CablingLinksTest {

  private static final Instant T1 = Instant.parse("2026-12-05T10:00:00Z");
  private static final Instant T2 = Instant.parse("2026-12-05T10:01:00Z");

  private static final String UP = "FourHundredGigE1/0/49";
  private static final String DOWN = "FourHundredGigE1/0/1";

  /** leaf-01's uplink to spine-01 (both ends), and two GPU ports of leaf-01. */
  private static final List<PlannedCable> PLAN =
      List.of(
          fabric("leaf-01", UP, "spine-01", DOWN),
          gpu("leaf-01", "FourHundredGigE1/0/2", "gpu-node-001", "mlx5_1"),
          gpu("leaf-01", "FourHundredGigE1/0/10", "gpu-node-002", "mlx5_1"),
          fabric("spine-01", DOWN, "leaf-01", UP));

  private static final Map<PortKey, CablingView.Gpu> GPUS =
      Map.of(
          new PortKey("leaf-01", "FourHundredGigE1/0/2"),
          new CablingView.Gpu("gpu-node-001/1", "gpu-node-001", "mlx5_1", "acme", "a-1"),
          new PortKey("leaf-01", "FourHundredGigE1/0/10"),
          new CablingView.Gpu("gpu-node-002/1", "gpu-node-002", "mlx5_1", null, null));

  private static PlannedCable fabric(String sw, String port, String peer, String peerPort) {
    return new PlannedCable(
        new SwitchName(sw), new PortName(port), CableKind.FABRIC, new CableEnd(peer, peerPort));
  }

  private static PlannedCable gpu(String leaf, String port, String server, String nic) {
    return new PlannedCable(
        new SwitchName(leaf), new PortName(port), CableKind.GPU, new CableEnd(server, nic));
  }

  private static CablingRow row(
      String sw, String port, String kind, String state, String planned, String seen, Instant at) {
    String[] p = planned == null ? new String[2] : planned.split(" ");
    String[] s = seen == null ? new String[2] : seen.split(" ");
    return new CablingRow(sw, port, kind, state, p[0], p[1], s[0], s[1], at, at);
  }

  private static CablingView.Link uplink(List<CablingView.Link> links) {
    return links.stream().filter(l -> "FABRIC".equals(l.kind())).findFirst().orElseThrow();
  }

  @Test
  void neverCheckedEveryPlannedLinkIsUncheckedWithItsPlannedEnds() {
    List<CablingView.Link> links = CablingLinks.of(PLAN, List.of(), GPUS);

    assertThat(links).hasSize(3);
    assertThat(links).allSatisfy(l -> assertThat(l.state()).isEqualTo("UNCHECKED"));
    assertThat(links).allSatisfy(l -> assertThat(l.checkedAt()).isNull());
    CablingView.Link uplink = uplink(links);
    assertThat(uplink.ends())
        .extracting(CablingView.End::switchName, CablingView.End::port)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("leaf-01", UP),
            org.assertj.core.groups.Tuple.tuple("spine-01", DOWN));
    assertThat(uplink.ends().get(0).planned()).isEqualTo(new CablingView.Peer("spine-01", DOWN));
    assertThat(uplink.ends().get(1).planned()).isEqualTo(new CablingView.Peer("leaf-01", UP));
  }

  @Test
  void aFabricLinkIsAsBadAsItsWorseEndAndCheckedWhenBothWere() {
    List<CablingRow> rows =
        List.of(
            row("leaf-01", UP, "FABRIC", "OK", "spine-01 " + DOWN, "spine-01 400GE1/0/1", T2),
            row("spine-01", DOWN, "FABRIC", "MISSING", "leaf-01 " + UP, null, T1));

    CablingView.Link uplink = uplink(CablingLinks.of(PLAN, rows, GPUS));

    assertThat(uplink.kind()).isEqualTo("FABRIC");
    assertThat(uplink.state()).isEqualTo("MISSING");
    assertThat(uplink.checkedAt()).isEqualTo(T1);
    assertThat(uplink.ends().get(0).seen())
        .isEqualTo(new CablingView.Peer("spine-01", "400GE1/0/1"));
    assertThat(uplink.ends().get(1).seen()).isNull();
  }

  @Test
  void anEndNeverCheckedKeepsTheLinkUncheckedAndWithoutACheckTime() {
    List<CablingRow> rows =
        List.of(row("leaf-01", UP, "FABRIC", "OK", "spine-01 " + DOWN, "spine-01 " + DOWN, T1));

    CablingView.Link uplink = uplink(CablingLinks.of(PLAN, rows, GPUS));

    assertThat(uplink.state()).isEqualTo("UNCHECKED");
    assertThat(uplink.checkedAt()).isNull();
  }

  @Test
  void aGpuLinkHasItsLeafEndAndTheGpuBehindIt() {
    List<CablingRow> rows =
        List.of(
            row(
                "leaf-01",
                "FourHundredGigE1/0/2",
                "GPU",
                "WRONG_PEER",
                "gpu-node-001 mlx5_1",
                "gpu-node-002 mlx5_1",
                T1));

    CablingView.Link link =
        CablingLinks.of(PLAN, rows, GPUS).stream()
            .filter(l -> "GPU".equals(l.kind()))
            .findFirst()
            .orElseThrow();

    assertThat(link.state()).isEqualTo("WRONG_PEER");
    assertThat(link.ends()).hasSize(1);
    assertThat(link.ends().get(0).planned())
        .isEqualTo(new CablingView.Peer("gpu-node-001", "mlx5_1"));
    assertThat(link.ends().get(0).seen()).isEqualTo(new CablingView.Peer("gpu-node-002", "mlx5_1"));
    assertThat(link.gpu().tenant()).isEqualTo("acme");
  }

  @Test
  void aNeighbourOnAPortThePlanLeavesEmptyIsALinkWithoutAPlannedEnd() {
    List<CablingRow> rows =
        List.of(
            row(
                "leaf-01",
                "FourHundredGigE1/0/30",
                null,
                "UNEXPECTED",
                null,
                "gpu-node-009 mlx5_0",
                T1));

    List<CablingView.Link> links = CablingLinks.of(PLAN, rows, GPUS);
    CablingView.Link extra = links.stream().filter(l -> l.kind() == null).findFirst().orElseThrow();

    assertThat(extra.state()).isEqualTo("UNEXPECTED");
    assertThat(extra.ends().get(0).planned()).isNull();
    assertThat(extra.gpu()).isNull();
    // ports in the switch's order: 1/0/2, 1/0/10, 1/0/30, 1/0/49, whatever the text says
    assertThat(links)
        .extracting(l -> l.ends().get(0).port())
        .containsExactly(
            "FourHundredGigE1/0/2", "FourHundredGigE1/0/10", "FourHundredGigE1/0/30", UP);
  }

  @Test
  void thePagesFollowEachOtherWithTheCursorAndTheFilters() {
    List<CablingView.Link> links = CablingLinks.of(PLAN, List.of(), GPUS);

    CablingLinks.Page first = CablingLinks.page(links, CablingQuery.parse(null, null, null, "2"));
    assertThat(first.links()).hasSize(2);
    assertThat(first.next()).isNotNull();
    CablingLinks.Page second =
        CablingLinks.page(links, CablingQuery.parse(null, null, first.next(), "2"));
    assertThat(second.links()).hasSize(1).doesNotContainAnyElementsOf(first.links());
    assertThat(second.next()).isNull();

    assertThat(CablingLinks.page(links, CablingQuery.parse("OK,MISSING", null, null, null)).links())
        .isEmpty();
    assertThat(CablingLinks.page(links, CablingQuery.parse(null, "spine-01", null, null)).links())
        .extracting(CablingView.Link::kind)
        .containsExactly("FABRIC");
  }

  @Test
  void theSummaryCountsEveryStateZerosIncluded() {
    CablingView.Summary s = CablingLinks.summary(CablingLinks.of(PLAN, List.of(), GPUS));

    assertThat(s).isEqualTo(new CablingView.Summary(3, 0, 0, 0, 0, 0));
  }

  @Test
  void junkInTheQueryIsRefusedNamingTheParameter() {
    assertThatThrownBy(() -> CablingQuery.parse("OK,BROKEN", null, null, null))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.field()).contains("state"));
    assertThatThrownBy(() -> CablingQuery.parse(null, "Leaf_01", null, null))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.field()).contains("switch"));
    assertThatThrownBy(() -> CablingQuery.parse(null, null, "not*a*cursor", null))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.field()).contains("after"));
    assertThatThrownBy(() -> CablingQuery.parse(null, null, "bGVhZi0wMQ", null))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.field()).contains("after"));
    assertThatThrownBy(() -> CablingQuery.parse(null, null, null, "501"))
        .isInstanceOfSatisfying(Refusal.class, r -> assertThat(r.field()).contains("limit"));
  }

  @Test
  void aCursorNamesTheLinkItFollows() {
    PortKey k = new PortKey("leaf-01", "FourHundredGigE1/0/2");

    assertThat(CablingQuery.parse(null, null, CablingQuery.cursor(k), null).after()).contains(k);
  }
}
