package io.tenantfabric.controller.cabling;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.provision.CablingFinding;
import io.tenantfabric.controller.provision.CablingRun;
import io.tenantfabric.controller.provision.CablingRunJson;
import io.tenantfabric.controller.provision.CablingTransition;
import io.tenantfabric.db.lifecycle.CablingCheck;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CableEnd;
import io.tenantfabric.model.lifecycle.CableKind;
import io.tenantfabric.model.lifecycle.CablingState;
import io.tenantfabric.model.lifecycle.PlannedCable;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CablingCheckViewsTest {

  private static final Instant AT = Instant.parse("2026-12-05T10:00:00Z");

  private static CableCheck wrong(String port, String planned, String seen) {
    return new CableCheck(
        new SwitchName("leaf-01"),
        port,
        Optional.of(
            new PlannedCable(
                new SwitchName("leaf-01"),
                new PortName(port),
                CableKind.GPU,
                new CableEnd(planned, "mlx5_0"))),
        Optional.of(new CableEnd(seen, "mlx5_0")),
        CablingState.WRONG_PEER);
  }

  @Test
  void aRequestedCheckHasNoResultsYetAndEveryManagedSwitchIsNull() {
    CablingCheckView v =
        CablingCheckViews.of(
            new CablingCheck(
                UUID.randomUUID(), List.of(), "API", "REQUESTED", AT, null, null, null));

    assertThat(v.switches()).isNull();
    assertThat(v.trigger()).isEqualTo("api");
    assertThat(v.results()).isEmpty();
    assertThat(v.changes()).isEmpty();
    assertThat(v.findings()).isEmpty();
    assertThat(v.transitions()).isZero();
  }

  @Test
  void aDoneCheckShowsWhatItsRunRecorded() {
    CablingFinding finding =
        new CablingFinding(
            "ISOLATION",
            "CRITICAL",
            "GPU cables of tenants red and blue are swapped",
            List.of("blue", "red"),
            List.of(
                new CablingFinding.End(
                    "leaf-01",
                    "FourHundredGigE1/0/1",
                    "WRONG_PEER",
                    "gpu-node-001/0",
                    "red",
                    "a-1",
                    "gpu-node-001 mlx5_0",
                    "gpu-node-002 mlx5_0"),
                new CablingFinding.End(
                    "leaf-01",
                    "FourHundredGigE1/0/2",
                    "WRONG_PEER",
                    "gpu-node-002/0",
                    "blue",
                    "a-2",
                    "gpu-node-002 mlx5_0",
                    "gpu-node-001 mlx5_0")));
    List<CableCheck> checks =
        List.of(
            wrong("FourHundredGigE1/0/1", "gpu-node-001", "gpu-node-002"),
            wrong("FourHundredGigE1/0/2", "gpu-node-002", "gpu-node-001"));
    String result =
        CablingRunJson.write(
            new CablingRun(
                Map.of(
                    "leaf-01",
                    new CablingRun.SwitchCheck("CHECKED", checks, null),
                    "leaf-02",
                    new CablingRun.SwitchCheck("UNREACHABLE", List.of(), "connect: refused")),
                List.of(
                    new CablingTransition(
                        "leaf-01",
                        "FourHundredGigE1/0/1",
                        "OK",
                        "WRONG_PEER",
                        "gpu-node-002 mlx5_0"),
                    new CablingTransition(
                        "leaf-01", "FourHundredGigE1/0/2", "UNEXPECTED", null, null)),
                List.of(finding)));

    CablingCheckView v =
        CablingCheckViews.of(
            new CablingCheck(
                UUID.randomUUID(), List.of("leaf-01"), "API", "DONE", AT, AT, AT, result));

    assertThat(v.switches()).containsExactly("leaf-01");
    assertThat(v.results()).hasSize(2);
    assertThat(v.results().get(0).name()).isEqualTo("leaf-01");
    assertThat(v.results().get(0).states()).isEqualTo(new CablingView.Summary(0, 0, 0, 0, 2, 0));
    assertThat(v.results().get(1).outcome()).isEqualTo("UNREACHABLE");
    assertThat(v.results().get(1).error()).isEqualTo("connect: refused");
    assertThat(v.results().get(1).states()).isNull();
    assertThat(v.transitions()).isEqualTo(2);
    assertThat(v.changes())
        .containsExactly(
            new CablingCheckView.Change(
                "leaf-01", "FourHundredGigE1/0/1", "OK", "WRONG_PEER", "gpu-node-002 mlx5_0"),
            new CablingCheckView.Change(
                "leaf-01", "FourHundredGigE1/0/2", "UNEXPECTED", null, null));
    assertThat(v.findings()).containsExactly(CablingFindingView.of(finding));
  }
}
