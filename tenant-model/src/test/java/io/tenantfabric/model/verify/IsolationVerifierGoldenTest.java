package io.tenantfabric.model.verify;

import static io.tenantfabric.model.verify.AclRules.deny;
import static io.tenantfabric.model.verify.AclRules.permit;
import static io.tenantfabric.model.verify.AuditFixture.redBlueSolo;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.PortExtra;
import io.tenantfabric.model.device.ServiceEncapsulation;
import io.tenantfabric.model.testing.GoldenFiles;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * One golden report per finding kind (and a clean fabric) under src/test/resources/golden/verify,
 * in {@link AuditReportText} form with the evidence in its neutral form, on red, blue and solo
 * compiled on the case study (see {@link AuditFixture#redBlueSolo()}); {@code -Dgolden.update=true}
 * rewrites them. Each test also asserts the facts the golden file must show. The same reports in
 * the switch's lines are southbound-netconf's {@code ComwareEvidenceGoldenTest}.
 */
class IsolationVerifierGoldenTest {

  private static final String P1 = "FourHundredGigE1/0/1";
  private static final String P2 = "FourHundredGigE1/0/2";
  private static final String P3 = "FourHundredGigE1/0/3";

  private static AuditReport golden(String name, AuditFixture fixture) {
    AuditReport report = fixture.audit();
    GoldenFiles.assertMatches("verify", name + ".txt", AuditReportText.render(report));
    return report;
  }

  private static List<Finding> of(AuditReport r, FindingKind kind) {
    return r.findings().stream().filter(f -> f.kind() == kind).toList();
  }

  /** The tenants named by the ACL_WRONG findings on the switch (the same for each red port). */
  private static List<String> exposedBy(AuditReport r, String sw) {
    List<Finding> wrong = of(r, FindingKind.ACL_WRONG);
    assertThat(wrong).extracting(Finding::port).containsExactly(P1, P2);
    assertThat(wrong).allSatisfy(f -> assertThat(f.switchName()).isEqualTo(sw));
    assertThat(wrong.get(1).tenants()).isEqualTo(wrong.get(0).tenants());
    return wrong.get(0).tenants();
  }

  private static Finding only(AuditReport r, FindingKind kind) {
    List<Finding> found = of(r, kind);
    assertThat(found).as("%s findings", kind).hasSize(1);
    return found.get(0);
  }

  @Test
  void compiledFabricObservedAsCompiledIsCleanWithEveryTenantPort() {
    AuditReport r = golden("clean", redBlueSolo());

    assertThat(r.status()).isEqualTo(AuditStatus.CLEAN);
    assertThat(r.findings()).isEmpty();
    assertThat(r.counts().values()).containsOnly(0);
    assertThat(r.switchesRead()).isEqualTo(48);
    assertThat(r.tenantPorts()).hasSize(17).allMatch(p -> p.lossless() && p.gpu() != null);
  }

  @Test
  void auditFlagsRedPortMovedIntoBluesVsi() {
    AuditReport r = golden("foreign-port-in-vsi", redBlueSolo().movePort("leaf-03", 1, "t-blue"));

    Finding f = only(r, FindingKind.FOREIGN_PORT_IN_VSI);
    assertThat(f.switchName()).isEqualTo("leaf-03");
    assertThat(f.port()).isEqualTo(P1);
    assertThat(f.tenants()).containsExactly("blue", "red");
    assertThat(f.evidence())
        .anySatisfy(
            e ->
                assertThat(e)
                    .isInstanceOfSatisfying(
                        Evidence.Port.class,
                        p ->
                            assertThat(p.port().binding().orElseThrow().vsiName())
                                .isEqualTo("t-blue")));
    assertThat(only(r, FindingKind.CROSS_TENANT_PATH).tenants()).containsExactly("blue", "red");
    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
  }

  @Test
  void auditFlagsOneVniCarriedByVsisOfTwoTenantsAcrossLeaves() {
    // leaf-05 is blue's alone; its t-blue now carries red's VNI, which red uses on leaf-01..04
    AuditReport r = golden("shared-segment", redBlueSolo().changeVni("leaf-05", "t-blue", 10001));

    Finding shared = only(r, FindingKind.SHARED_SEGMENT);
    assertThat(shared.switchName()).isNull();
    assertThat(shared.tenants()).containsExactly("blue", "red");
    assertThat(shared.evidence())
        .contains(
            new Evidence.VniCarrier("leaf-01", "t-red", 10001),
            new Evidence.VniCarrier("leaf-05", "t-blue", 10001));
    assertThat(only(r, FindingKind.VNI_MISMATCH).tenants()).containsExactly("blue", "red");
    assertThat(only(r, FindingKind.CROSS_TENANT_PATH).tenants()).containsExactly("blue", "red");
  }

  @Test
  void auditFlagsATenantVsiCarryingAVniNotItsOwn() {
    AuditReport r = golden("vni-mismatch", redBlueSolo().changeVni("leaf-02", "t-red", 10999));

    Finding f = only(r, FindingKind.VNI_MISMATCH);
    assertThat(f.switchName()).isEqualTo("leaf-02");
    assertThat(f.tenants()).containsExactly("red");
    assertThat(f.summary()).isEqualTo("t-red carries VNI 10999, not its tenant's 10001");
    assertThat(r.findings()).hasSize(1);
    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
  }

  @Test
  void permitAnyAheadOfTheTenantRulesExposesEveryOtherTenant() {
    AuditReport r =
        golden("acl-wrong", redBlueSolo().addRule("leaf-03", "t-red-in", permit(5, null, null)));

    List<Finding> wrong = of(r, FindingKind.ACL_WRONG);
    assertThat(wrong).extracting(Finding::port).containsExactly(P1, P2);
    assertThat(wrong).allSatisfy(f -> assertThat(f.switchName()).isEqualTo("leaf-03"));
    assertThat(wrong)
        .allSatisfy(f -> assertThat(f.tenants()).containsExactly("blue", "red", "solo"));
    assertThat(wrong.get(0).summary())
        .isEqualTo("acl t-red-in on " + P1 + " lets red reach 2 other tenants' prefixes");
    assertThat(wrong.get(0).evidence())
        .anySatisfy(
            e ->
                assertThat(e)
                    .isInstanceOfSatisfying(
                        Evidence.Acl.class,
                        a -> assertThat(a.acl().rules()).contains(permit(5, null, null))));
  }

  @Test
  void permitToOneForeignPrefixNamesExactlyThatTenant() {
    AuditReport r =
        golden(
            "acl-wrong-one-prefix",
            redBlueSolo().addRule("leaf-03", "t-red-in", permit(5, null, "10.2.0.0/28")));

    assertThat(of(r, FindingKind.ACL_WRONG))
        .hasSize(2)
        .allSatisfy(f -> assertThat(f.tenants()).containsExactly("blue", "red"))
        .allSatisfy(f -> assertThat(f.summary()).endsWith("reach 1 other tenant's prefix"));
  }

  @Test
  void permitRestrictedToTheTenantsOwnSourceStillOpensItsDestination() {
    AuditReport r =
        redBlueSolo()
            .addRule("leaf-03", "t-red-in", permit(5, "10.1.0.0/28", "10.3.0.0/29"))
            .audit();

    assertThat(exposedBy(r, "leaf-03")).containsExactly("red", "solo");
  }

  @Test
  void permitFromOneSourceThenDenyAllLetsThatSourceReachEveryone() {
    // a packet from 10.1.0.1 to blue matches rule 5: permitted, whatever rule 10 says
    AuditReport r =
        redBlueSolo()
            .replaceRules(
                "leaf-03", "t-red-in", permit(5, "10.1.0.0/28", null), deny(10, null, null))
            .audit();

    assertThat(exposedBy(r, "leaf-03")).containsExactly("blue", "red", "solo");
  }

  @Test
  void denyRestrictedToASourceDecidesNothingForSpoofedSources() {
    // a GPU sending from any other source falls through to the default permit
    AuditReport r =
        redBlueSolo()
            .replaceRules("leaf-03", "t-red-in", deny(5, "10.1.0.0/28", "10.0.0.0/8"))
            .audit();

    assertThat(exposedBy(r, "leaf-03")).containsExactly("blue", "red", "solo");
  }

  @Test
  void denyOfOneForeignPrefixBeforePermitAnyExposesOnlyTheOthers() {
    AuditReport r =
        redBlueSolo()
            .replaceRules(
                "leaf-03", "t-red-in", deny(5, null, "10.2.0.0/28"), permit(10, null, null))
            .audit();

    assertThat(exposedBy(r, "leaf-03")).containsExactly("red", "solo");
  }

  @Test
  void tenantAclWithoutItsFinalDenyFallsToTheDefaultPermit() {
    AuditReport r =
        redBlueSolo()
            .replaceRules("leaf-03", "t-red-in", permit(10, "10.1.0.0/28", "10.1.0.0/28"))
            .audit();

    assertThat(exposedBy(r, "leaf-03")).containsExactly("blue", "red", "solo");
  }

  @Test
  void permitToASharedPrefixOutsideTheSupernetExposesNoTenant() {
    AuditReport r =
        redBlueSolo().addRule("leaf-03", "t-red-in", permit(15, null, "192.168.0.0/24")).audit();

    assertThat(r.findings()).isEmpty();
    assertThat(r.status()).isEqualTo(AuditStatus.CLEAN);
  }

  @Test
  void foreignPrefixSplitByAHoleCountsOnce() {
    // permitted: blue's /28 minus 10.2.0.5, i.e. two ranges that both reach blue
    AuditReport r =
        redBlueSolo()
            .addRule("leaf-03", "t-red-in", deny(5, null, "10.2.0.5/32"))
            .addRule("leaf-03", "t-red-in", permit(6, null, "10.2.0.0/28"))
            .audit();

    assertThat(of(r, FindingKind.ACL_WRONG))
        .hasSize(2)
        .allSatisfy(f -> assertThat(f.summary()).endsWith("reach 1 other tenant's prefix"))
        .allSatisfy(f -> assertThat(f.tenants()).containsExactly("blue", "red"));
  }

  @Test
  void anotherTenantsAclAppliedOutboundOnATenantPortNamesBothTenants() {
    // leaf-03 carries red's and blue's ACLs; blue's is applied outbound on red's port 2
    AuditReport r =
        golden("acl-wrong-outbound", redBlueSolo().applyOutbound("leaf-03", 2, "t-blue-in"));

    Finding f = only(r, FindingKind.ACL_WRONG);
    assertThat(f.switchName()).isEqualTo("leaf-03");
    assertThat(f.port()).isEqualTo(P2);
    assertThat(f.tenants()).containsExactly("blue", "red");
    assertThat(f.summary())
        .isEqualTo("acl t-blue-in, blue's, filters red's " + P2 + " outbound, not inbound");
    assertThat(f.evidence())
        .anySatisfy(
            e ->
                assertThat(e)
                    .isInstanceOfSatisfying(
                        Evidence.Port.class,
                        p -> assertThat(p.outboundAcl()).isEqualTo("t-blue-in")));
  }

  @Test
  void aTaggedServiceInstanceBridgingBluesPortIntoRedsVsiIsAnIsolationFinding() {
    AuditReport r =
        golden(
            "extra-tagged-bridge",
            redBlueSolo()
                .addExtra(
                    "leaf-03",
                    3,
                    new PortExtra.Service(
                        2, ServiceEncapsulation.serviceVlan("100", false), Optional.of("t-red"))));

    Finding f = only(r, FindingKind.FOREIGN_PORT_IN_VSI);
    assertThat(f.switchName()).isEqualTo("leaf-03");
    assertThat(f.port()).isEqualTo(P3);
    assertThat(f.tenants()).containsExactly("blue", "red");
    assertThat(only(r, FindingKind.SHARED_SEGMENT).tenants()).containsExactly("blue", "red");
    assertThat(only(r, FindingKind.CROSS_TENANT_PATH).tenants()).containsExactly("blue", "red");
    assertThat(of(r, FindingKind.UNMODELED_CONFIG))
        .as("the bridge is named, not unmodeled")
        .isEmpty();
    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
  }

  @Test
  void aQinqServiceInstanceBridgingBluesPortIntoRedsVsiIsAnIsolationFinding() {
    AuditReport r =
        golden(
            "extra-qinq-bridge",
            redBlueSolo()
                .addExtra(
                    "leaf-04",
                    4,
                    new PortExtra.Service(
                        7, ServiceEncapsulation.qinq("100", "200"), Optional.of("t-red"))));

    Finding f = only(r, FindingKind.FOREIGN_PORT_IN_VSI);
    assertThat(f.port()).isEqualTo("FourHundredGigE1/0/4");
    assertThat(f.tenants()).containsExactly("blue", "red");
    assertThat(f.summary()).contains("service-instance 7", "qinq 100 / 200");
    assertThat(only(r, FindingKind.CROSS_TENANT_PATH).tenants()).containsExactly("blue", "red");
  }

  @Test
  void aServiceInstanceWhoseMatchCannotBeReadJoinsItsVsiAsIfItMatchedEverything() {
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

    Finding f = only(r, FindingKind.FOREIGN_PORT_IN_VSI);
    assertThat(f.port()).isEqualTo(P1);
    assertThat(f.tenants()).containsExactly("blue", "red");
    assertThat(only(r, FindingKind.CROSS_TENANT_PATH).tenants()).containsExactly("blue", "red");
  }

  @Test
  void redVsiGivenSolosVniOnARedOnlyLeafLeaksAcrossTwoLeaves() {
    // leaf-01 holds only red's ports; solo's only port is on leaf-08
    AuditReport r = golden("cross-tenant-path", redBlueSolo().changeVni("leaf-01", "t-red", 10003));

    Finding path = only(r, FindingKind.CROSS_TENANT_PATH);
    assertThat(path.tenants()).containsExactly("red", "solo");
    assertThat(path.pending()).isFalse();
    assertThat(path.evidence()).first().isEqualTo(new Evidence.SegmentPort("leaf-01", P1, "red"));
    assertThat(path.evidence())
        .contains(new Evidence.SegmentVni(10003))
        .last()
        .isEqualTo(new Evidence.SegmentPort("leaf-08", "FourHundredGigE1/0/5", "solo"));
    assertThat(only(r, FindingKind.VNI_MISMATCH).tenants()).containsExactly("red", "solo");
  }

  @Test
  void scopedAuditFollowsTheLeakThroughASwitchGivenOnlyAsContext() {
    AuditReport r =
        golden(
            "cross-tenant-path-scoped",
            redBlueSolo().changeVni("leaf-01", "t-red", 10003).scope("leaf-01").context("leaf-08"));

    assertThat(r.switchesRead()).isEqualTo(1);
    Finding path = only(r, FindingKind.CROSS_TENANT_PATH);
    assertThat(path.tenants()).containsExactly("red", "solo");
    assertThat(path.evidence())
        .last()
        .isInstanceOfSatisfying(
            Evidence.SegmentPort.class, p -> assertThat(p.switchName()).isEqualTo("leaf-08"));
    // without leaf-08 the audit sees the foreign VNI but not whom it reaches
    AuditReport alone = redBlueSolo().changeVni("leaf-01", "t-red", 10003).scope("leaf-01").audit();
    assertThat(of(alone, FindingKind.CROSS_TENANT_PATH)).isEmpty();
    assertThat(of(alone, FindingKind.VNI_MISMATCH)).hasSize(1);
  }

  @Test
  void freePortLeftUpIsNotScrubbed() {
    AuditReport r = golden("unscrubbed-port", redBlueSolo().bringUp("leaf-01", 10));

    Finding f = only(r, FindingKind.UNSCRUBBED_PORT);
    assertThat(f.port()).isEqualTo("FourHundredGigE1/0/10");
    assertThat(f.tenants()).isEmpty();
    assertThat(r.findings()).hasSize(1);
    assertThat(r.status()).isEqualTo(AuditStatus.CLEAN);
  }

  @Test
  void allocatedPortInNoVsiIsUnbound() {
    AuditReport r = golden("unbound-port", redBlueSolo().removeBinding("leaf-02", 1));

    Finding f = only(r, FindingKind.UNBOUND_PORT);
    assertThat(f.switchName()).isEqualTo("leaf-02");
    assertThat(f.port()).isEqualTo(P1);
    assertThat(f.tenants()).containsExactly("red");
    assertThat(r.tenantPorts())
        .filteredOn(p -> p.switchName().equals("leaf-02") && p.port().equals(P1))
        .singleElement()
        .satisfies(p -> assertThat(p.vsi()).isNull());
  }

  @Test
  void deletedAclIsMissingOnEveryPortThatShouldUseIt() {
    AuditReport r = golden("acl-missing", redBlueSolo().deleteAcl("leaf-02", "t-red-in"));

    List<Finding> missing = of(r, FindingKind.ACL_MISSING);
    assertThat(missing).extracting(Finding::port).containsExactly(P1, P2);
    assertThat(missing).allSatisfy(f -> assertThat(f.tenants()).containsExactly("red"));
    assertThat(of(r, FindingKind.ACL_NOT_APPLIED)).isEmpty();
  }

  @Test
  void aclThatExistsButDoesNotFilterThePortIsNotApplied() {
    AuditReport r = golden("acl-not-applied", redBlueSolo().unapplyAcl("leaf-02", 2));

    Finding f = only(r, FindingKind.ACL_NOT_APPLIED);
    assertThat(f.port()).isEqualTo(P2);
    assertThat(f.summary()).isEqualTo("acl t-red-in is not applied inbound on " + P2);
  }

  @Test
  void portWithoutPfcLacksTheLosslessBaseline() {
    AuditReport r = golden("lossless-missing", redBlueSolo().dropPfc("leaf-02", 2));

    Finding f = only(r, FindingKind.LOSSLESS_MISSING);
    assertThat(f.port()).isEqualTo(P2);
    assertThat(f.tenants()).containsExactly("red");
    assertThat(f.evidence())
        .singleElement()
        .isInstanceOfSatisfying(
            Evidence.Lossless.class, l -> assertThat(l.settings().pfc()).isFalse());
    assertThat(r.tenantPorts())
        .filteredOn(p -> !p.lossless())
        .singleElement()
        .satisfies(p -> assertThat(p.port()).isEqualTo(P2));
  }

  @Test
  void tenantVsiNobodyAskedForIsAnOrphan() {
    AuditReport r = golden("orphan-vsi", redBlueSolo().addVsi("leaf-02", "t-ghost", 19999));

    Finding f = only(r, FindingKind.ORPHAN_VSI);
    assertThat(f.switchName()).isEqualTo("leaf-02");
    assertThat(f.tenants()).isEmpty();
    assertThat(r.findings()).hasSize(1);
  }

  @Test
  void parserAnomalyOnATenantPortIsUnmodeled() {
    AuditReport r =
        golden(
            "unmodeled-config",
            redBlueSolo()
                .anomaly("leaf-01", P1 + " has two inbound IPv4 packet-filters")
                .anomaly("leaf-01", "vsi mgmt has no vxlan"));

    Finding f = only(r, FindingKind.UNMODELED_CONFIG);
    assertThat(f.port()).isEqualTo(P1);
    assertThat(f.tenants()).containsExactly("red");
    assertThat(r.status()).isEqualTo(AuditStatus.FINDINGS);
  }

  @Test
  void switchThatCouldNotBeReadLeavesTheAuditIncomplete() {
    AuditReport r =
        golden(
            "unreadable", redBlueSolo().unreadable("leaf-04", "ssh: connect timed out after 10 s"));

    Finding f = only(r, FindingKind.UNREADABLE);
    assertThat(f.switchName()).isEqualTo("leaf-04");
    assertThat(f.tenants()).containsExactly("blue", "red");
    assertThat(r.status()).isEqualTo(AuditStatus.INCOMPLETE);
    assertThat(r.unreadable()).containsExactly("leaf-04");
    assertThat(r.switchesRead()).isEqualTo(47);
    assertThat(r.tenantPorts()).noneMatch(p -> p.switchName().equals("leaf-04"));
  }

  @Test
  void inFlightSwitchHasPendingConvergenceButNeverPendingIsolation() {
    AuditReport r =
        golden(
            "in-flight",
            redBlueSolo()
                .inFlight("leaf-02")
                .removeBinding("leaf-02", 1)
                .addVsi("leaf-02", "t-blue", 10002)
                .movePort("leaf-02", 2, "t-blue"));

    assertThat(r.findings())
        .filteredOn(f -> f.findingClass() == FindingClass.CONVERGENCE)
        .extracting(Finding::kind)
        .containsExactlyInAnyOrder(FindingKind.UNBOUND_PORT, FindingKind.ORPHAN_VSI);
    assertThat(r.findings())
        .allSatisfy(
            f ->
                assertThat(f.pending())
                    .as("%s pending", f.kind())
                    .isEqualTo(f.findingClass() == FindingClass.CONVERGENCE));
    assertThat(r.findings())
        .filteredOn(f -> f.findingClass() == FindingClass.ISOLATION)
        .extracting(Finding::kind)
        .contains(FindingKind.FOREIGN_PORT_IN_VSI, FindingKind.CROSS_TENANT_PATH);
  }
}
