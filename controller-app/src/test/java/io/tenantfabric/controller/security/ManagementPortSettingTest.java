package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The management port, which answers without a token, can never be the API's own port. */
class ManagementPortSettingTest {

  @Test
  void aManagementPortEqualToTheServerPortStopsTheStart() {
    assertThatThrownBy(() -> ApiSecurityConfiguration.managementPort("8080", 8080))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("FABRIC_MANAGEMENT_PORT (8080) must differ from SERVER_PORT");
  }

  @Test
  void noneOrAnotherPortIsTaken() {
    assertThat(ApiSecurityConfiguration.managementPort("", 8080)).isZero();
    assertThat(ApiSecurityConfiguration.managementPort(" 9090 ", 8080)).isEqualTo(9090);
    // a random server port (tests) never equals a fixed management port
    assertThat(ApiSecurityConfiguration.managementPort("9090", 0)).isEqualTo(9090);
  }
}
