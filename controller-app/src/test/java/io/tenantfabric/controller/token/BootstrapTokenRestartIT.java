package io.tenantfabric.controller.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.TenantFabricApplication;
import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.FreshSchemaInitializer;
import io.tenantfabric.db.testing.TestDatabases;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The bootstrap token across restarts of the service on one database: a revoked bootstrap secret
 * stays revoked; when every OPERATOR token is gone, a new secret is the documented break-glass.
 */
@ExtendWith(OutputCaptureExtension.class)
class BootstrapTokenRestartIT {

  static final String FIRST = "tf_restart-bootstrap-first-0123456789abcdef";
  static final String SECOND = "tf_restart-bootstrap-second-0123456789abcdef";

  private final TestDatabases.Schema schema = TestDatabases.freshSchema("it_boot");

  @Test
  void aRevokedBootstrapSecretStaysRevokedAcrossRestartsAndANewOneBreaksTheGlass(
      CapturedOutput output) {
    ApiClient.IssuedToken spare;
    try (ConfigurableApplicationContext app = start(FIRST)) {
      ApiClient first = new ApiClient(port(app)).withToken(FIRST);
      assertThat(first.get("/api/v1/tokens").status()).isEqualTo(200);
      spare = first.createToken(Role.OPERATOR, null);
      String firstId = first.get("/api/v1/tokens").json().get(0).get("id").asString();
      assertThat(first.delete("/api/v1/tokens/" + firstId).status()).isEqualTo(204);
      assertThat(first.get("/api/v1/tokens").status()).isEqualTo(401);
    }

    // restart with the same secret while another OPERATOR token exists: nothing comes back
    try (ConfigurableApplicationContext app = start(FIRST)) {
      ApiClient api = new ApiClient(port(app));
      assertThat(api.withToken(FIRST).get("/api/v1/tokens").status()).isEqualTo(401);
      ApiClient operator = api.withToken(spare.secret());
      assertThat(operator.get("/api/v1/tokens").status()).isEqualTo(200);
      // the last OPERATOR token goes too
      assertThat(operator.delete("/api/v1/tokens/" + spare.id()).status()).isEqualTo(204);
    }

    // no usable OPERATOR token and the revoked secret offered again: refused, loudly
    try (ConfigurableApplicationContext app = start(FIRST)) {
      assertThat(new ApiClient(port(app)).withToken(FIRST).get("/api/v1/tokens").status())
          .isEqualTo(401);
      assertThat(output.getAll())
          .contains("FABRIC_BOOTSTRAP_TOKEN is the secret of token")
          .contains("revoked")
          .doesNotContain(FIRST);
    }

    // break-glass: a new secret creates a new OPERATOR token
    try (ConfigurableApplicationContext app = start(SECOND)) {
      ApiClient second = new ApiClient(port(app)).withToken(SECOND);
      assertThat(second.get("/api/v1/tokens").status()).isEqualTo(200);
      assertThat(second.withToken(FIRST).get("/api/v1/tokens").status()).isEqualTo(401);
    }
  }

  // as command-line arguments: they must win over application.yml, as the environment does
  private ConfigurableApplicationContext start(String bootstrap) {
    Map<String, Object> props = new HashMap<>(FreshSchemaInitializer.properties(schema));
    props.put("server.port", 0);
    props.put("server.address", "127.0.0.1");
    props.put("fabric.bootstrap-token", bootstrap);
    props.put("logging.level.root", "WARN");
    props.put("logging.level.io.tenantfabric", "INFO");
    String[] args =
        props.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    return new SpringApplicationBuilder(TenantFabricApplication.class).run(args);
  }

  private static int port(ConfigurableApplicationContext app) {
    return ((WebServerApplicationContext) app).getWebServer().getPort();
  }
}
