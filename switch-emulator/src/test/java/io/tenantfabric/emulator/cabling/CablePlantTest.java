package io.tenantfabric.emulator.cabling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.CableChange;
import io.tenantfabric.emulator.CableEnd;
import io.tenantfabric.emulator.topology.PlannedCable;
import io.tenantfabric.emulator.topology.ServerLayout;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class CablePlantTest {
  static final String P1 = "FourHundredGigE1/0/1";
  static final String P2 = "FourHundredGigE1/0/2";
  static final String P33 = "FourHundredGigE1/0/33";
  static final CableEnd LEAF1_P1 = CableEnd.port("leaf-01", P1);
  static final CableEnd LEAF1_P2 = CableEnd.port("leaf-01", P2);
  static final CableEnd LEAF1_UP = CableEnd.port("leaf-01", P33);
  static final CableEnd SPINE_P1 = CableEnd.port("spine-01", P1);
  static final CableEnd NODE1_NIC0 = CableEnd.nic("gpu-node-001", "mlx5_0");
  static final CableEnd NODE2_NIC0 = CableEnd.nic("gpu-node-002", "mlx5_0");

  /** leaf-01 33 <-> spine-01 1; leaf-01 1 <-> node 1 NIC 0; leaf-01 2 <-> node 2 NIC 0. */
  static CablePlant plant() {
    return new CablePlant(
        List.of("spine-01", "leaf-01", "leaf-02"),
        List.of(
            new ServerLayout("gpu-node-001", List.of("mlx5_0", "mlx5_1")),
            new ServerLayout("gpu-node-002", List.of("mlx5_0", "mlx5_1"))),
        List.of(
            new PlannedCable((CableEnd.SwitchPort) LEAF1_UP, SPINE_P1),
            new PlannedCable((CableEnd.SwitchPort) LEAF1_P1, NODE1_NIC0),
            new PlannedCable((CableEnd.SwitchPort) LEAF1_P2, NODE2_NIC0)),
        Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC));
  }

  static Optional<CableEnd> far(CablePlant p, CableEnd end) {
    return p.cableAt(end).map(c -> c.far(end));
  }

  @Test
  void startsAsPlannedWithBothEndsNamingEachOther() {
    CablePlant p = plant();
    assertThat(far(p, LEAF1_UP)).contains(SPINE_P1);
    assertThat(far(p, SPINE_P1)).contains(LEAF1_UP);
    assertThat(far(p, NODE1_NIC0)).contains(LEAF1_P1);
    assertThat(p.planned(LEAF1_P1)).contains(NODE1_NIC0);
    assertThat(p.cablesOf("leaf-01")).containsOnlyKeys(P1, P2, P33);
    assertThat(p.cablesOf("leaf-02")).isEmpty();
  }

  @Test
  void movingACableLeavesItsFormerFarEndWithout() {
    CablePlant p = plant();
    p.apply(List.of(CableChange.connect("leaf-02", P1, NODE1_NIC0)));
    assertThat(far(p, NODE1_NIC0)).contains(CableEnd.port("leaf-02", P1));
    assertThat(far(p, LEAF1_P1)).isEmpty();
    assertThat(p.planned(LEAF1_P1)).as("the plan does not move").contains(NODE1_NIC0);
  }

  @Test
  void crossingTwoCablesSwapsTheirFarEnds() {
    CablePlant p = plant();
    p.apply(
        List.of(
            CableChange.connect("leaf-01", P1, NODE2_NIC0),
            CableChange.connect("leaf-01", P2, NODE1_NIC0)));
    assertThat(far(p, LEAF1_P1)).contains(NODE2_NIC0);
    assertThat(far(p, LEAF1_P2)).contains(NODE1_NIC0);
    assertThat(far(p, NODE2_NIC0)).contains(LEAF1_P1);
  }

  @Test
  void removingACableTakesItOutOfBothEnds() {
    CablePlant p = plant();
    p.apply(List.of(CableChange.remove("spine-01", P1)));
    assertThat(far(p, SPINE_P1)).isEmpty();
    assertThat(far(p, LEAF1_UP)).isEmpty();
    assertThat(p.cablesOf("leaf-01")).containsOnlyKeys(P1, P2);
  }

  @Test
  void aBulkChangeWithOneUnknownEndChangesNothing() {
    CablePlant p = plant();
    assertThatThrownBy(
            () ->
                p.apply(
                    List.of(
                        CableChange.remove("leaf-01", P1),
                        CableChange.connect(
                            "leaf-01", P2, CableEnd.nic("gpu-node-001", "mlx5_9")))))
        .isInstanceOf(UnknownEndException.class)
        .hasMessage("no NIC 'mlx5_9' on gpu-node-001");
    assertThat(far(p, LEAF1_P1)).contains(NODE1_NIC0);
  }

  @Test
  void unknownSwitchesPortsAndServersAndASelfLoopAreRefused() {
    CablePlant p = plant();
    assertThatThrownBy(() -> p.cableAt(CableEnd.port("leaf-99", P1)))
        .hasMessage("no emulated switch named 'leaf-99'");
    assertThatThrownBy(() -> p.cableAt(CableEnd.port("leaf-01", "FourHundredGigE1/0/65")))
        .hasMessage("no port 'FourHundredGigE1/0/65' on leaf-01");
    assertThatThrownBy(() -> p.cableAt(CableEnd.port("leaf-01", "Ten-GigabitEthernet1/0/1")))
        .isInstanceOf(UnknownEndException.class);
    assertThatThrownBy(() -> p.server("gpu-node-999")).hasMessage("no server 'gpu-node-999'");
    assertThatThrownBy(() -> p.apply(List.of(CableChange.connect("leaf-01", P1, LEAF1_P1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two different ends");
  }

  @Test
  void aBreakoutHalfIsACableEndOfItsOwn() {
    CablePlant p = plant();
    p.apply(
        List.of(
            CableChange.connect("leaf-02", "TwoHundredGigE1/0/5:1", NODE1_NIC0),
            CableChange.connect(
                "leaf-02", "TwoHundredGigE1/0/5:2", CableEnd.nic("gpu-node-001", "mlx5_1"))));
    assertThat(p.cablesOf("leaf-02"))
        .containsOnlyKeys("TwoHundredGigE1/0/5:1", "TwoHundredGigE1/0/5:2");
  }

  @Test
  void silencingAServerKeepsItsCables() {
    CablePlant p = plant();
    assertThat(p.server("gpu-node-001").lldp()).isTrue();
    assertThat(p.serverLldp("gpu-node-001", false).lldp()).isFalse();
    assertThat(p.server("gpu-node-001").lldp()).isFalse();
    assertThat(far(p, NODE1_NIC0)).contains(LEAF1_P1);
  }

  // ---------------------------------------------------------------- property

  /** Every end a random re-cabling may touch. */
  static final List<CableEnd> ENDS =
      List.of(
          LEAF1_P1,
          LEAF1_P2,
          LEAF1_UP,
          SPINE_P1,
          CableEnd.port("leaf-02", P1),
          CableEnd.port("leaf-02", "TwoHundredGigE1/0/7:1"),
          NODE1_NIC0,
          NODE2_NIC0,
          CableEnd.nic("gpu-node-001", "mlx5_1"));

  @Provide
  Arbitrary<List<CableChange>> changes() {
    Arbitrary<CableChange> one =
        Arbitraries.integers()
            .between(0, 3)
            .flatMap(
                local ->
                    Arbitraries.integers()
                        .between(-1, ENDS.size() - 1)
                        .map(
                            peer -> {
                              CableEnd.SwitchPort port = (CableEnd.SwitchPort) ENDS.get(local);
                              CableEnd far = peer < 0 ? null : ENDS.get(peer);
                              return new CableChange(port.device(), port.port(), far);
                            }));
    return one.list().ofMaxSize(12);
  }

  @Property
  void anyRecablingKeepsOneCablePerEndAndBothEndsAgree(
      @ForAll("changes") List<CableChange> changes) {
    CablePlant p = plant();
    Map<CableEnd, CableEnd> model = new HashMap<>();
    for (CableEnd e : ENDS) {
      far(p, e).ifPresent(f -> model.put(e, f));
    }
    for (CableChange c : changes) {
      CableEnd port = CableEnd.port(c.device(), c.port());
      if (port.equals(c.peer())) {
        continue; // refused, tested above
      }
      p.apply(List.of(c));
      for (CableEnd end : new ArrayList<>(List.of(port, c.peer() == null ? port : c.peer()))) {
        CableEnd old = model.remove(end);
        if (old != null) {
          model.remove(old);
        }
      }
      if (c.peer() != null) {
        model.put(port, c.peer());
        model.put(c.peer(), port);
      }
    }
    int switchEnds = 0;
    for (CableEnd e : ENDS) {
      Optional<CableEnd> f = far(p, e);
      assertThat(f).as("far end of %s", e).isEqualTo(Optional.ofNullable(model.get(e)));
      f.ifPresent(x -> assertThat(far(p, x)).as("back from %s", x).contains(e));
      if (e instanceof CableEnd.SwitchPort s && f.isPresent()) {
        assertThat(p.cablesOf(s.device())).containsKey(s.port());
        switchEnds++;
      }
    }
    int indexed = 0;
    for (String device : List.of("spine-01", "leaf-01", "leaf-02")) {
      indexed += p.cablesOf(device).size();
    }
    assertThat(indexed)
        .as("the per-switch index holds exactly the cabled ports")
        .isEqualTo(switchEnds);
  }
}
