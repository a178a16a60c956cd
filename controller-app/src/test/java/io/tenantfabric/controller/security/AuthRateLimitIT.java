package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.FreshSchemaInitializer;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ContextConfiguration;

/**
 * Refused authentications over time: each 401 is logged with request and token id but never the
 * secret; past the budget an address gets 429 with {@code Retry-After}; a valid token is never
 * throttled; {@code X-Forwarded-For} names the client only when a trusted proxy sends it. Also the
 * configured-public API docs.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "fabric.bootstrap-token=" + ApiClient.BOOTSTRAP_TOKEN,
      "fabric.auth.failures-per-minute=5",
      "fabric.auth.trusted-proxies=127.0.0.1/32, ::1",
      "fabric.auth.public-api-docs=true",
      "fabric.reconcile.interval=0", // tests ask for the runs they want
      "logging.level.root=WARN",
      "logging.level.io.tenantfabric=INFO"
    })
@ContextConfiguration(initializers = FreshSchemaInitializer.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
@ExtendWith(OutputCaptureExtension.class)
class AuthRateLimitIT {

  static final String WRONG = "tf_not-a-token-of-this-service-0123456789abcdef";

  @LocalServerPort int port;

  @Test
  void anAddressPastItsBudgetGets429ButAValidTokenFromItIsNeverThrottled() {
    ApiClient api = new ApiClient(port);
    ApiClient wrong = api.withToken(WRONG);
    String client = "X-Forwarded-For";
    for (int i = 0; i < 5; i++) {
      assertThat(wrong.get("/api/v1/tenants", client, "203.0.113.7").status()).isEqualTo(401);
    }
    ApiClient.Response throttled = wrong.get("/api/v1/tenants", client, "203.0.113.7");
    assertThat(throttled.status()).as(throttled.toString()).isEqualTo(429);
    assertThat(throttled.isProblem()).isTrue();
    assertThat(throttled.header("Retry-After").map(Long::parseLong))
        .hasValueSatisfying(s -> assertThat(s).isBetween(1L, 60L));
    // no token at all from the same address: also a refusal, also throttled
    assertThat(api.withToken(null).get("/api/v1/tenants", client, "203.0.113.7").status())
        .isEqualTo(429);

    // the same address with a valid token: served
    assertThat(api.get("/api/v1/tenants", client, "203.0.113.7").status()).isEqualTo(200);
    // another client behind the same trusted proxy has its own budget
    assertThat(wrong.get("/api/v1/tenants", client, "203.0.113.8").status()).isEqualTo(401);
    // a spoofed entry to the left of the real client is not believed
    assertThat(wrong.get("/api/v1/tenants", client, "198.51.100.1, 203.0.113.7").status())
        .isEqualTo(429);
  }

  @Test
  void refusalsAreLoggedWithRequestAndTokenIdButNeverTheSecret(CapturedOutput output) {
    ApiClient api = new ApiClient(port);
    ApiClient.IssuedToken revoked = api.createToken(Role.PORTAL, null);
    assertThat(api.delete("/api/v1/tokens/" + revoked.id()).status()).isEqualTo(204);

    ApiClient.Response r =
        api.withToken(revoked.secret())
            .get("/api/v1/tenants", "X-Request-Id", "probe-1", "X-Forwarded-For", "192.0.2.44");
    assertThat(r.status()).isEqualTo(401);
    ApiClient.IssuedToken auditor = api.createToken(Role.AUDITOR, null);
    assertThat(
            api.withToken(auditor.secret())
                .post(
                    "/api/v1/tenants",
                    Map.of("name", "nope", "displayName", "N", "gpuQuota", 1),
                    "X-Request-Id",
                    "probe-2")
                .status())
        .isEqualTo(403);

    assertThat(output.getAll())
        .contains(
            "401 GET /api/v1/tenants request=probe-1 token="
                + revoked.id()
                + " client=192.0.2.44 reason=revoked token")
        .contains("403 POST /api/v1/tenants request=probe-2 token=" + auditor.id())
        .doesNotContain(revoked.secret())
        .doesNotContain(auditor.secret());
  }

  @Test
  void apiDocsArePublicWhenConfigured() {
    ApiClient.Response docs = new ApiClient(port).withToken(null).get("/v3/api-docs");
    assertThat(docs.status()).isEqualTo(200);
    assertThat(docs.json().at("/paths").has("/api/v1/tokens")).isTrue();
  }
}
