package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TenantFindingViewTest {

  static final long RED = 11;
  static final long BLUE = 12;

  static final StoredFinding FOREIGN_PORT =
      new StoredFinding(
          "FOREIGN_PORT_IN_VSI",
          "ISOLATION",
          "CRITICAL",
          "leaf-01",
          "FourHundredGigE1/0/1",
          List.of("blue", "red"),
          false,
          "FourHundredGigE1/0/1, red's port, is in vsi t-blue",
          List.of(
              "interface FourHundredGigE1/0/1",
              " service-instance 7",
              "  xconnect vsi t-blue",
              " packet-filter name t-red-in inbound"),
          List.of(BLUE, RED),
          RED,
          List.of(RED, BLUE),
          List.of(List.of(RED), List.of(RED), List.of(RED, BLUE), List.of(RED)));

  @Test
  void theTenantWhosePortItIsSeesItsOwnLinesAndAnotherTenantForTheRest() {
    IsolationFindingView v = TenantFindingView.of(FOREIGN_PORT, RED, "red");

    assertThat(v.tenants()).containsExactly("another tenant", "red");
    assertThat(v.port()).isEqualTo("FourHundredGigE1/0/1");
    assertThat(v.summary()).doesNotContain("blue");
    assertThat(v.evidence())
        .containsExactly(
            "interface FourHundredGigE1/0/1",
            " service-instance 7",
            TenantFindingView.HIDDEN_LINES,
            " packet-filter name t-red-in inbound");
    assertThat(v.kind()).isEqualTo("FOREIGN_PORT_IN_VSI");
    assertThat(v.severity()).isEqualTo("CRITICAL");
  }

  @Test
  void theTenantWhoseVsiItIsSeesNeitherThePortNorItsLines() {
    IsolationFindingView v = TenantFindingView.of(FOREIGN_PORT, BLUE, "blue");

    assertThat(v.tenants()).containsExactly("blue", "another tenant");
    assertThat(v.port()).isNull();
    assertThat(v.summary()).doesNotContain("red");
    // a run of hidden lines stands as one
    assertThat(v.evidence()).containsExactly(TenantFindingView.HIDDEN_LINES);
  }

  @Test
  void aFindingThatNamesNoOneElseIsShownWhole() {
    StoredFinding own =
        new StoredFinding(
            "UNBOUND_PORT",
            "CONVERGENCE",
            "WARNING",
            "leaf-01",
            "FourHundredGigE1/0/1",
            List.of("red"),
            true,
            "FourHundredGigE1/0/1 is allocated to red but in no VSI",
            List.of("interface FourHundredGigE1/0/1", " undo shutdown"),
            List.of(RED),
            RED,
            List.of(RED),
            List.of(List.of(RED), List.of(RED)));

    assertThat(TenantFindingView.of(own, RED, "red")).isEqualTo(own.view());
  }

  @Test
  void aNameThatWasNoLiveTenantIsAnotherTenantToo() {
    StoredFinding shared =
        new StoredFinding(
            "SHARED_SEGMENT",
            "ISOLATION",
            "CRITICAL",
            null,
            null,
            List.of("ghost", "red"),
            false,
            "VNI 5001 is carried by VSIs of ghost, red",
            List.of("leaf-03: vsi t-ghost vxlan 5001"),
            Arrays.asList(null, RED),
            null,
            List.of(RED),
            List.of(List.of(RED)));

    IsolationFindingView v = TenantFindingView.of(shared, RED, "red");

    assertThat(v.tenants()).containsExactly("another tenant", "red");
    assertThat(v.summary()).doesNotContain("ghost");
    assertThat(v.evidence()).containsExactly("leaf-03: vsi t-ghost vxlan 5001");
  }

  @Test
  void aFindingStoredWithoutOwnersShowsNeitherPortNorLines() {
    StoredFinding legacy =
        new StoredFinding(
            "CROSS_TENANT_PATH",
            "ISOLATION",
            "CRITICAL",
            "leaf-01",
            "FourHundredGigE1/0/1",
            List.of("blue", "red"),
            false,
            "ports of blue, red share one layer-2 segment",
            List.of("leaf-01: interface FourHundredGigE1/0/1 (red)", "leaf-02: vsi t-blue"),
            null,
            null,
            null,
            null);

    IsolationFindingView v = TenantFindingView.of(legacy, RED, "red");

    assertThat(v.tenants()).containsExactly("another tenant", "red");
    assertThat(v.port()).isNull();
    assertThat(v.summary()).doesNotContain("blue");
    assertThat(v.evidence()).isEmpty();
  }
}
