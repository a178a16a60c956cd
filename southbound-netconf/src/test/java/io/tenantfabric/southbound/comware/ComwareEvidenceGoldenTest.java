package io.tenantfabric.southbound.comware;

import static io.tenantfabric.model.verify.AclRules.permit;
import static io.tenantfabric.model.verify.AuditFixture.redBlueSolo;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.testing.GoldenFiles;
import io.tenantfabric.model.verify.AuditFixture;
import io.tenantfabric.model.verify.AuditReport;
import io.tenantfabric.model.verify.AuditReportText;
import io.tenantfabric.model.verify.Finding;
import io.tenantfabric.model.verify.FindingKind;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The isolation verifier's golden reports (tenant-model's {@code IsolationVerifierGoldenTest}, on
 * the same fixtures) with the evidence rendered by {@link ComwareEvidence}: the lines a Comware
 * switch shows, under src/test/resources/golden/verify; {@code -Dgolden.update=true} rewrites them.
 */
class ComwareEvidenceGoldenTest {

  private static final String P1 = "FourHundredGigE1/0/1";

  private static AuditReport golden(String name, AuditFixture fixture) {
    AuditReport report = fixture.audit();
    GoldenFiles.assertMatches(
        "verify", name + ".txt", AuditReportText.render(report, ComwareEvidence::lines));
    return report;
  }

  private static List<String> evidence(AuditReport r, FindingKind kind) {
    List<Finding> found = r.findings().stream().filter(f -> f.kind() == kind).toList();
    assertThat(found).as("%s findings", kind).isNotEmpty();
    return ComwareEvidence.lines(found.get(0).evidence());
  }

  @Test
  void clean() {
    golden("clean", redBlueSolo());
  }

  @Test
  void foreignPortInVsi() {
    AuditReport r = golden("foreign-port-in-vsi", redBlueSolo().movePort("leaf-03", 1, "t-blue"));

    assertThat(evidence(r, FindingKind.FOREIGN_PORT_IN_VSI)).contains("  xconnect vsi t-blue");
  }

  @Test
  void sharedSegment() {
    AuditReport r = golden("shared-segment", redBlueSolo().changeVni("leaf-05", "t-blue", 10001));

    assertThat(evidence(r, FindingKind.SHARED_SEGMENT))
        .contains("leaf-01: vsi t-red vxlan 10001", "leaf-05: vsi t-blue vxlan 10001");
  }

  @Test
  void vniMismatch() {
    golden("vni-mismatch", redBlueSolo().changeVni("leaf-02", "t-red", 10999));
  }

  @Test
  void aclWrong() {
    AuditReport r =
        golden("acl-wrong", redBlueSolo().addRule("leaf-03", "t-red-in", permit(5, null, null)));

    assertThat(evidence(r, FindingKind.ACL_WRONG)).contains(" rule 5 permit ip");
  }

  @Test
  void aclWrongOnePrefix() {
    golden(
        "acl-wrong-one-prefix",
        redBlueSolo().addRule("leaf-03", "t-red-in", permit(5, null, "10.2.0.0/28")));
  }

  @Test
  void aclWrongOutbound() {
    AuditReport r =
        golden("acl-wrong-outbound", redBlueSolo().applyOutbound("leaf-03", 2, "t-blue-in"));

    assertThat(evidence(r, FindingKind.ACL_WRONG))
        .contains(" packet-filter name t-blue-in outbound");
  }

  @Test
  void extraTaggedBridge() {
    AuditReport r =
        golden(
            "extra-tagged-bridge",
            redBlueSolo()
                .addExtra(
                    "leaf-03",
                    3,
                    new PortExtra.Service(
                        2, ServiceEncapsulation.serviceVlan("100", false), Optional.of("t-red"))));

    assertThat(evidence(r, FindingKind.FOREIGN_PORT_IN_VSI))
        .containsSubsequence(
            "interface FourHundredGigE1/0/3",
            " service-instance 1",
            "  xconnect vsi t-blue",
            " service-instance 2",
            "  encapsulation s-vid 100",
            "  xconnect vsi t-red");
  }

  @Test
  void extraQinqBridge() {
    AuditReport r =
        golden(
            "extra-qinq-bridge",
            redBlueSolo()
                .addExtra(
                    "leaf-04",
                    4,
                    new PortExtra.Service(
                        7, ServiceEncapsulation.qinq("100", "200"), Optional.of("t-red"))));

    assertThat(evidence(r, FindingKind.FOREIGN_PORT_IN_VSI))
        .contains("  encapsulation s-vid 100 c-vid 200", "  xconnect vsi t-red");
  }

  @Test
  void extraUnreadableEncapsulation() {
    AuditReport r =
        golden(
            "extra-unreadable-encapsulation",
            redBlueSolo()
                .addExtra(
                    "leaf-03",
                    1,
                    new PortExtra.Service(
                        3,
                        ServiceEncapsulation.unreadable("s-vid 100 second-dot1q 7"),
                        Optional.of("t-blue"))));

    assertThat(evidence(r, FindingKind.FOREIGN_PORT_IN_VSI))
        .contains("  encapsulation s-vid 100 second-dot1q 7", "  xconnect vsi t-blue");
  }

  @Test
  void crossTenantPath() {
    AuditReport r = golden("cross-tenant-path", redBlueSolo().changeVni("leaf-01", "t-red", 10003));

    List<String> path = evidence(r, FindingKind.CROSS_TENANT_PATH);
    assertThat(path).first().asString().isEqualTo("leaf-01: interface " + P1 + " (red)");
    assertThat(path)
        .contains("vxlan 10003")
        .last()
        .asString()
        .isEqualTo("leaf-08: interface FourHundredGigE1/0/5 (solo)");
  }

  @Test
  void crossTenantPathScoped() {
    AuditReport r =
        golden(
            "cross-tenant-path-scoped",
            redBlueSolo().changeVni("leaf-01", "t-red", 10003).scope("leaf-01").context("leaf-08"));

    assertThat(evidence(r, FindingKind.CROSS_TENANT_PATH))
        .last()
        .asString()
        .startsWith("leaf-08: ");
  }

  @Test
  void unscrubbedPort() {
    golden("unscrubbed-port", redBlueSolo().bringUp("leaf-01", 10));
  }

  @Test
  void unboundPort() {
    golden("unbound-port", redBlueSolo().removeBinding("leaf-02", 1));
  }

  @Test
  void aclMissing() {
    golden("acl-missing", redBlueSolo().deleteAcl("leaf-02", "t-red-in"));
  }

  @Test
  void aclNotApplied() {
    golden("acl-not-applied", redBlueSolo().unapplyAcl("leaf-02", 2));
  }

  @Test
  void losslessMissing() {
    AuditReport r = golden("lossless-missing", redBlueSolo().dropPfc("leaf-02", 2));

    assertThat(evidence(r, FindingKind.LOSSLESS_MISSING))
        .noneMatch(l -> l.contains("priority-flow-control"));
  }

  @Test
  void orphanVsi() {
    golden("orphan-vsi", redBlueSolo().addVsi("leaf-02", "t-ghost", 19999));
  }

  @Test
  void unmodeledConfig() {
    golden(
        "unmodeled-config",
        redBlueSolo()
            .anomaly("leaf-01", P1 + " has two inbound IPv4 packet-filters")
            .anomaly("leaf-01", "vsi mgmt has no vxlan"));
  }

  @Test
  void unreadable() {
    golden("unreadable", redBlueSolo().unreadable("leaf-04", "ssh: connect timed out after 10 s"));
  }

  @Test
  void inFlight() {
    golden(
        "in-flight",
        redBlueSolo()
            .inFlight("leaf-02")
            .removeBinding("leaf-02", 1)
            .addVsi("leaf-02", "t-blue", 10002)
            .movePort("leaf-02", 2, "t-blue"));
  }
}
