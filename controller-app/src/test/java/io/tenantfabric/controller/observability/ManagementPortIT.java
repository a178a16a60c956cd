package io.tenantfabric.controller.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * A separate management port answers the actuator without a token, for a scraper on this host; the
 * API's own port still wants one for the same endpoints.
 */
@ControllerIT
@TestPropertySource(properties = "management.server.port=1")
class ManagementPortIT {

  @LocalServerPort int port;
  @LocalManagementPort int managementPort;

  @Test
  void theManagementPortServesMetricsWithoutATokenAndTheApiPortDoesNot() {
    assertThat(managementPort).isNotEqualTo(port);
    ApiClient management = new ApiClient(managementPort).withToken(null);
    ApiClient.Response metrics = management.get("/actuator/prometheus");
    assertThat(metrics.status()).as(metrics.toString()).isEqualTo(200);
    assertThat(metrics.body()).contains("fabric_provisioning_pending_switches");

    ApiClient.Response api = new ApiClient(port).withToken(null).get("/actuator/prometheus");
    assertThat(api.status()).as(api.toString()).isEqualTo(401);
  }
}
