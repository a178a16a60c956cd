package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.pool.Ipv4Prefix;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantMentionsTest {

  static final long RED = 1;
  static final long BLUE = 2;

  // red 10.0.0.0/24 VNI 5001 on leaf-01's port 1; blue 10.0.1.0/24 VNI 5002 on leaf-02's port 1
  static final TenantMentions MENTIONS =
      new TenantMentions(
          Map.of("red", RED, "blue", BLUE),
          Map.of(5001, RED, 5002, BLUE),
          Map.of(Ipv4Prefix.parse("10.0.0.0/24"), RED, Ipv4Prefix.parse("10.0.1.0/24"), BLUE),
          Map.of(
              "leaf-01", Map.of("FourHundredGigE1/0/1", RED),
              "leaf-02", Map.of("FourHundredGigE1/0/1", BLUE)),
          Ipv4Prefix.parse("10.0.0.0/8"));

  @Test
  void tenantObjectsNameTheirTenant() {
    assertThat(MENTIONS.inLine("  xconnect vsi t-blue", "leaf-01")).containsExactly(BLUE);
    assertThat(MENTIONS.inLine(" packet-filter name t-red-in inbound", "leaf-01"))
        .containsExactly(RED);
    assertThat(MENTIONS.inLine("vsi t-ghost", "leaf-01")).isEmpty();
  }

  @Test
  void aVniAfterVxlanNamesItsTenant() {
    assertThat(MENTIONS.inLine(" vxlan 5002", "leaf-01")).containsExactly(BLUE);
    assertThat(MENTIONS.inLine(" vxlan 15999001", "leaf-01")).isEmpty();
  }

  @Test
  void aPortNamesTheTenantItIsAllocatedToOnTheLinesSwitch() {
    assertThat(MENTIONS.inLine("interface FourHundredGigE1/0/1", "leaf-01")).containsExactly(RED);
    assertThat(MENTIONS.inLine("interface FourHundredGigE1/0/1", "leaf-02")).containsExactly(BLUE);
    // a step of a segment across switches is read on its own switch, whatever the finding's
    assertThat(MENTIONS.inLine("leaf-02: interface FourHundredGigE1/0/1 (blue)", null))
        .containsExactly(BLUE);
    assertThat(MENTIONS.inLine("interface FourHundredGigE1/0/2", "leaf-01")).isEmpty();
  }

  @Test
  void anAddressRangeNamesTheTenantsWhosePrefixesItOverlaps() {
    assertThat(MENTIONS.inLine(" rule 5 permit ip destination 10.0.1.0 0.0.0.255", "leaf-01"))
        .containsExactly(BLUE);
    assertThat(MENTIONS.inLine(" rule 5 permit ip destination 10.0.1.7 0", "leaf-01"))
        .containsExactly(BLUE);
    assertThat(MENTIONS.inLine(" rule 5 permit ip destination 10.0.0.0 0.0.1.255", "leaf-01"))
        .containsExactlyInAnyOrder(RED, BLUE);
    assertThat(MENTIONS.inLine("reaches 10.0.1.128/25", "leaf-01")).containsExactly(BLUE);
    assertThat(MENTIONS.inLine(" rule 20 permit ip destination 192.168.0.0 0.0.255.255", null))
        .isEmpty();
  }

  @Test
  void aRangeCoveringTheWholeSupernetNamesNoOne() {
    assertThat(
            MENTIONS.inLine(" rule 30 deny ip destination 10.0.0.0 0.255.255.255 counting", null))
        .isEmpty();
    assertThat(MENTIONS.inLine(" rule 5 permit ip", null)).isEmpty();
  }

  @Test
  void aSummaryAlsoNamesTenantsByTheirBareNamesAndVnis() {
    assertThat(MENTIONS.inSummary("vsi t-red serves tenants blue, red", "leaf-01"))
        .containsExactlyInAnyOrder(RED, BLUE);
    assertThat(MENTIONS.inSummary("t-red carries VNI 5002, not its tenant's 5001", "leaf-01"))
        .containsExactlyInAnyOrder(RED, BLUE);
    assertThat(MENTIONS.inSummary("FourHundredGigE1/0/1, blue's port, is in vsi t-x", "leaf-02"))
        .containsExactly(BLUE);
    // a line is no prose: a bare word is not taken for a name there
    assertThat(MENTIONS.inLine("leaf-01: interface FourHundredGigE1/0/9 (blue)", null)).isEmpty();
  }
}
