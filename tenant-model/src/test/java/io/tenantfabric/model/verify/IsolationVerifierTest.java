package io.tenantfabric.model.verify;

import static io.tenantfabric.model.verify.AuditFixture.RED;
import static io.tenantfabric.model.verify.AuditFixture.SOLO;
import static io.tenantfabric.model.verify.AuditFixture.allocation;
import static io.tenantfabric.model.verify.AuditFixture.redBlueSolo;
import static io.tenantfabric.model.verify.AuditFixture.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Verifier behaviour that a golden file would bury: anomaly attribution and the verdict rules. */
class IsolationVerifierTest {

  /** The case study with leaf-01 port 1 broken out: red's gpu-node-001/0 sits on its :1. */
  private static AuditFixture breakout() {
    Fabric fabric =
        Fabric.of(
            FabricPresets.named(FabricPresets.H3C_S9825_1024).toBuilder()
                .breakoutDownlinks(List.of(new BreakoutPort("leaf-01", 1)))
                .build());
    return AuditFixture.of(
        snapshot(
            fabric,
            List.of(RED, SOLO),
            List.of(
                allocation("r-1", "red", "gpu-node-001/0", "gpu-node-002/0"),
                allocation("s-1", "solo", "gpu-node-003/0"))));
  }

  @Test
  void anomalyOnABreakoutSubPortIsAttributedToItsTenant() {
    AuditReport r =
        breakout()
            .anomaly("leaf-01", "TwoHundredGigE1/0/1:1 has two inbound IPv4 packet-filters")
            .audit();

    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.UNMODELED_CONFIG);
              assertThat(f.port()).isEqualTo("TwoHundredGigE1/0/1:1");
              assertThat(f.tenants()).containsExactly("red");
            });
    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
  }

  @Test
  void anomalyNamingABreakoutSubPortFollowedByAColonIsAttributed() {
    // ObservedConfig's form: "<port>: <why the model refused it>"
    AuditReport r =
        breakout()
            .anomaly("leaf-01", "TwoHundredGigE1/0/1:2: description must be printable")
            .audit();

    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.port()).isEqualTo("TwoHundredGigE1/0/1:2");
              assertThat(f.tenants()).isEmpty();
            });
  }

  @Test
  void anomalyAboutATenantAclOrVniNamesTheTenant() {
    AuditReport r =
        redBlueSolo()
            .anomaly("leaf-03", "acl t-blue-in: rule 40 matches on dscp")
            .anomaly("leaf-08", "vxlan 10003 mapped twice")
            .audit();

    assertThat(r.findings())
        .extracting(Finding::switchName, Finding::tenants)
        .containsExactly(tuple("leaf-03", List.of("blue")), tuple("leaf-08", List.of("solo")));
  }

  @Test
  void anomalyAboutNothingTheControllerManagesIsNoFinding() {
    AuditReport r =
        redBlueSolo()
            .anomaly("leaf-01", "vsi mgmt has no vxlan")
            .anomaly("leaf-01", "vxlan 5000 is not mapped to a vsi")
            .audit();

    assertThat(r.findings()).isEmpty();
    assertThat(r.status()).isEqualTo(AuditStatus.CLEAN);
  }

  @Test
  void convergenceFindingsAloneLeaveTheAuditClean() {
    AuditReport r = redBlueSolo().removeBinding("leaf-02", 1).dropPfc("leaf-05", 3).audit();

    assertThat(r.findings()).hasSize(2).allMatch(f -> f.findingClass() == FindingClass.CONVERGENCE);
    assertThat(r.status()).isEqualTo(AuditStatus.CLEAN);
  }

  @Test
  void anIsolationFindingOutranksAnUnreadableSwitch() {
    AuditReport r =
        redBlueSolo().unreadable("leaf-04", "timeout").movePort("leaf-03", 1, "t-blue").audit();

    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
    assertThat(r.unreadable()).containsExactly("leaf-04");
  }

  @Test
  void freePortBoundIntoATenantVsiIsForeignToIt() {
    AuditReport r = redBlueSolo().movePort("leaf-01", 9, "t-red").audit();

    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.FOREIGN_PORT_IN_VSI);
              assertThat(f.port()).isEqualTo("FourHundredGigE1/0/9");
              assertThat(f.tenants()).containsExactly("red");
              assertThat(f.summary()).contains("a free port");
            });
  }

  @Test
  void lossOfPfcOnAnUplinkIsFoundAndNamesNoTenant() {
    // leaf-01's uplinks are ports 33..64; the baseline covers them
    AuditReport r = redBlueSolo().dropPfc("leaf-01", 40).audit();

    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.LOSSLESS_MISSING);
              assertThat(f.port()).isEqualTo("FourHundredGigE1/0/40");
              assertThat(f.tenants()).isEmpty();
            });
  }

  @Test
  void aServiceInstanceWithoutAVsiOnATenantPortIsUnmodeledNamingItsTenant() {
    AuditReport r =
        redBlueSolo()
            .addExtra(
                "leaf-02",
                1,
                new PortExtra.Service(
                    4000, ServiceEncapsulation.serviceVlan("100", false), Optional.empty()))
            .audit();

    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.UNMODELED_CONFIG);
              assertThat(f.port()).isEqualTo("FourHundredGigE1/0/1");
              assertThat(f.tenants()).containsExactly("red");
              assertThat(f.summary()).contains("service-instance 4000");
            });
    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
  }

  @Test
  void anOutboundFilterReadAsAnExtraIsOneAclWrongFindingNotAlsoUnmodeled() {
    PortExtra outbound =
        new PortExtra.PacketFilter(
            "t-red-in",
            PortExtra.PacketFilter.Direction.OUTBOUND,
            PortExtra.PacketFilter.Family.IPV4);
    // a reader hands the same filter over twice: as the port's extra and in the outbound view
    AuditReport r =
        redBlueSolo()
            .addExtra("leaf-02", 2, outbound)
            .applyOutbound("leaf-02", 2, "t-red-in")
            .audit();

    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.ACL_WRONG);
              assertThat(f.tenants()).containsExactly("red");
            });
  }

  @Test
  void anIpv6FilterOnATenantPortIsUnmodeled() {
    AuditReport r =
        redBlueSolo()
            .addExtra(
                "leaf-02",
                2,
                new PortExtra.PacketFilter(
                    "v6-any",
                    PortExtra.PacketFilter.Direction.INBOUND,
                    PortExtra.PacketFilter.Family.IPV6))
            .audit();

    assertThat(r.findings())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.UNMODELED_CONFIG);
              assertThat(f.tenants()).containsExactly("red");
            });
  }

  @Test
  void aFreePortJoinedToATenantVsiByATaggedServiceInstanceIsForeignToIt() {
    AuditReport r =
        redBlueSolo()
            .addExtra(
                "leaf-01",
                9,
                new PortExtra.Service(
                    5,
                    ServiceEncapsulation.of(ServiceEncapsulation.Kind.TAGGED),
                    Optional.of("t-red")))
            .audit();

    assertThat(r.findings())
        .filteredOn(f -> f.kind() == FindingKind.FOREIGN_PORT_IN_VSI)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.port()).isEqualTo("FourHundredGigE1/0/9");
              assertThat(f.tenants()).containsExactly("red");
              assertThat(f.summary()).contains("a free port", "service-instance 5");
            });
    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
  }
}
