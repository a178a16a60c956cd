package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.lifecycle.CablingRow;
import io.tenantfabric.db.lifecycle.GpuHolder;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CablingFindingsTest {

  private static final Instant AT = Instant.parse("2026-12-05T10:00:00Z");
  private static final String P1 = "FourHundredGigE1/0/1";
  private static final String P2 = "FourHundredGigE1/0/2";
  private static final String P3 = "FourHundredGigE1/0/3";

  private static CablingRow gpuPort(String port, String state, String planned, String seen) {
    String[] p = planned.split(" ");
    String[] s = seen == null ? new String[2] : seen.split(" ");
    return new CablingRow("leaf-01", port, "GPU", state, p[0], p[1], s[0], s[1], AT, AT);
  }

  private static GpuHolder held(String port, String gpu, String tenant, long tenantId) {
    return new GpuHolder(
        "leaf-01",
        port,
        gpu,
        gpu.substring(0, gpu.indexOf('/')),
        UUID.nameUUIDFromBytes(tenant.getBytes()),
        "ACTIVE",
        tenant,
        tenantId);
  }

  /** Port 1 plans gpu-node-001's mlx5_0 and sees gpu-node-002's; port 2 the other way round. */
  private static final List<CablingRow> CROSSED =
      List.of(
          gpuPort(P1, "WRONG_PEER", "gpu-node-001 mlx5_0", "gpu-node-002 mlx5_0"),
          gpuPort(P2, "WRONG_PEER", "gpu-node-002 mlx5_0", "gpu-node-001 mlx5_0"));

  @Test
  void leasedCablesSwappedBetweenTwoTenantsAreOneIsolationFindingNamingBoth() {
    List<CablingFinding> findings =
        CablingFindings.of(
            CROSSED,
            List.of(held(P1, "gpu-node-001/0", "red", 1), held(P2, "gpu-node-002/0", "blue", 2)));

    assertThat(findings).hasSize(1);
    CablingFinding f = findings.get(0);
    assertThat(f.kind()).isEqualTo("ISOLATION");
    assertThat(f.severity()).isEqualTo("CRITICAL");
    assertThat(f.tenants()).containsExactly("blue", "red");
    assertThat(f.ends())
        .extracting(CablingFinding.End::port, CablingFinding.End::tenant)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(P1, "red"),
            org.assertj.core.groups.Tuple.tuple(P2, "blue"));
    assertThat(f.summary()).contains("red").contains("blue").contains(P1).contains(P2);
  }

  @Test
  void oneTenantsOwnServersSwappedAreCablingFaultsNotABreach() {
    List<CablingFinding> findings =
        CablingFindings.of(
            CROSSED,
            List.of(held(P1, "gpu-node-001/0", "red", 1), held(P2, "gpu-node-002/0", "red", 1)));

    assertThat(findings).extracting(CablingFinding::kind).containsOnly("LEASED_CABLE");
    assertThat(findings).hasSize(2);
  }

  @Test
  void freeGpusSwappedAreNoFindingTheyAreKeptOutOfPlacementInstead() {
    assertThat(CablingFindings.of(CROSSED, List.of())).isEmpty();
  }

  @Test
  void aLeasedPortWithItsLinkDownIsAFindingAndASilentNicIsNot() {
    List<CablingRow> rows =
        List.of(
            gpuPort(P1, "MISSING", "gpu-node-001 mlx5_0", null),
            gpuPort(P3, "UNVERIFIED", "gpu-node-003 mlx5_0", null));

    List<CablingFinding> findings =
        CablingFindings.of(
            rows,
            List.of(held(P1, "gpu-node-001/0", "red", 1), held(P3, "gpu-node-003/0", "red", 1)));

    assertThat(findings).hasSize(1);
    assertThat(findings.get(0).kind()).isEqualTo("LEASED_CABLE");
    assertThat(findings.get(0).ends().get(0).port()).isEqualTo(P1);
    assertThat(findings.get(0).ends().get(0).seen()).isNull();
  }
}
