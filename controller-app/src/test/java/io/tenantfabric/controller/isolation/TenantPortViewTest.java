package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class TenantPortViewTest {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final long RED = 11;

  @Test
  void anotherTenantsVniOnTheTenantsOwnVsiIsLeftOut() {
    TenantEvidence.Observed seen =
        new TenantEvidence.Observed(true, "t-red", 5002, "t-red-in", true);
    JsonNode owners = JSON.readTree("{\"vsi\": 11, \"vni\": 12, \"inboundAcl\": 11}");

    TenantEvidence.Observed shown = TenantPortView.of(seen, owners, RED, "red", 5001);

    assertThat(shown).isEqualTo(new TenantEvidence.Observed(true, "t-red", null, "t-red-in", true));
  }

  @Test
  void anotherTenantsVsiReadsAnotherTenantAndWhatIsNoOnesIsShown() {
    TenantEvidence.Observed seen =
        new TenantEvidence.Observed(true, "t-blue", 15999001, null, false);
    JsonNode owners = JSON.readTree("{\"vsi\": 12}");

    TenantEvidence.Observed shown = TenantPortView.of(seen, owners, RED, "red", 5001);

    assertThat(shown)
        .isEqualTo(new TenantEvidence.Observed(true, "another tenant", 15999001, null, false));
  }

  @Test
  void anObservationRecordedWithoutOwnersShowsOnlyTheTenantsOwn() {
    TenantEvidence.Observed own =
        new TenantEvidence.Observed(true, "t-red", 5001, "t-red-in", true);
    assertThat(TenantPortView.of(own, null, RED, "red", 5001)).isEqualTo(own);

    TenantEvidence.Observed elsewhere =
        new TenantEvidence.Observed(true, "t-ghost", 15999001, "t-ghost-in", true);
    assertThat(TenantPortView.of(elsewhere, null, RED, "red", 5001))
        .isEqualTo(
            new TenantEvidence.Observed(true, "another tenant", null, "another tenant", true));
  }
}
