package io.tenantfabric.model.verify;

import static io.tenantfabric.model.verify.AclRules.acl;
import static io.tenantfabric.model.verify.AclRules.deny;
import static io.tenantfabric.model.verify.AclRules.permit;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.pool.Ipv4Prefix;
import org.junit.jupiter.api.Test;

/** Where an inbound ACL lets a port's traffic go, rule by rule (see the AclReach javadoc). */
class AclReachTest {

  private static final String ALL = "[0.0.0.0-255.255.255.255]";
  private static final String OUTSIDE_10_8 = "0.0.0.0-9.255.255.255, 11.0.0.0-255.255.255.255";

  @Test
  void compiledTenantAclReachesItsOwnPrefixAndOutsideTheSupernetOnly() {
    AuditFixture f = AuditFixture.redBlueSolo();
    AclConfig red = f.expected("leaf-01").acls().get("t-red-in");

    assertThat(AclReach.permitted(red))
        .hasToString("[0.0.0.0-9.255.255.255, 10.1.0.0-10.1.0.15, 11.0.0.0-255.255.255.255]");
  }

  @Test
  void noRuleMeansTheDefaultPermit() {
    assertThat(AclReach.permitted(acl())).hasToString(ALL);
  }

  @Test
  void denyAnyReachesNothing() {
    assertThat(AclReach.permitted(acl(deny(5, null, null))).isEmpty()).isTrue();
  }

  @Test
  void firstMatchWinsSoPermitAnyAheadOfADenyReachesEverything() {
    assertThat(AclReach.permitted(acl(permit(5, null, null), deny(10, null, "10.0.0.0/8"))))
        .hasToString(ALL);
  }

  @Test
  void rulesAreWalkedInIdOrderNotListOrder() {
    // the deny is listed first but has the higher id
    assertThat(AclReach.permitted(acl(deny(20, null, null), permit(10, null, "10.2.0.0/28"))))
        .hasToString("[10.2.0.0-10.2.0.15]");
  }

  @Test
  void aPermitAfterADenyOfTheSameDestinationDoesNotReopenIt() {
    assertThat(
            AclReach.permitted(acl(deny(5, null, "10.0.0.0/8"), permit(10, null, "10.2.0.0/28"))))
        .hasToString("[" + OUTSIDE_10_8 + "]");
  }

  @Test
  void aDenyRestrictedToASourceDecidesNothing() {
    // a GPU can send from another source and fall through to the default permit
    assertThat(AclReach.permitted(acl(deny(5, "10.1.0.0/28", "10.0.0.0/8")))).hasToString(ALL);
  }

  @Test
  void aPermitRestrictedToASourceStillPermitsItsDestinations() {
    AddressSet reach =
        AclReach.permitted(acl(permit(5, "10.1.0.0/28", "10.2.0.0/28"), deny(10, null, null)));

    assertThat(reach).hasToString("[10.2.0.0-10.2.0.15]");
  }

  @Test
  void aSourceRestrictedPermitOnlyOpensWhatEarlierRulesLeftUndecided() {
    AddressSet reach =
        AclReach.permitted(
            acl(
                deny(5, null, "10.2.0.0/28"),
                permit(10, "10.1.0.0/28", "10.0.0.0/8"),
                deny(20, null, null)));

    assertThat(reach).hasToString("[10.0.0.0-10.1.255.255, 10.2.0.16-10.255.255.255]");
  }

  @Test
  void aSourceOfEveryAddressIsNoRestriction() {
    // "rule 5 deny ip source 0.0.0.0 255.255.255.255 destination 10.0.0.0 0.255.255.255" denies
    // every packet to 10/8, as if it had no source at all
    AddressSet reach = AclReach.permitted(acl(deny(5, "0.0.0.0/0", "10.0.0.0/8")));

    assertThat(reach).hasToString("[" + OUTSIDE_10_8 + "]");
    assertThat(reach.intersect(AddressSet.of(Ipv4Prefix.parse("10.2.0.0/28"))).isEmpty()).isTrue();
  }
}
