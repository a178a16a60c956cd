package io.tenantfabric.controller.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.security.TokenSecrets;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@ControllerIT
@ExtendWith(OutputCaptureExtension.class)
class TokenIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  ApiClient api() {
    return new ApiClient(port);
  }

  @Test
  void bootstrapTokenIsAnOperator() {
    ApiClient.Response r = api().get("/api/v1/tokens");
    assertThat(r.status()).isEqualTo(200);
    JsonNode first = r.json().get(0);
    assertThat(first.get("role").asString()).isEqualTo("OPERATOR");
    assertThat(first.get("label").asString()).isEqualTo("bootstrap");
    assertThat(first.has("createdBy")).isFalse();
  }

  /** {@code /me} tells every role who it is, a TENANT its tenant, and shows no secret. */
  @Test
  void meDescribesThePresentedTokenForEveryRole() {
    ApiClient.Response operator = api().get("/api/v1/me");
    assertThat(operator.status()).as(operator.toString()).isEqualTo(200);
    assertThat(operator.json().get("role").asString()).isEqualTo("OPERATOR");
    assertThat(operator.json().get("tenant").isNull()).isTrue();

    ApiClient.Response created =
        api()
            .post("/api/v1/tokens", Map.of("role", "AUDITOR", "expiresAt", "2099-01-01T00:00:00Z"));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    String secret = created.json().get("token").asString();
    ApiClient.Response auditor = api().withToken(secret).get("/api/v1/me");
    assertThat(auditor.status()).as(auditor.toString()).isEqualTo(200);
    assertThat(auditor.json().get("tokenId").asString())
        .isEqualTo(created.json().get("id").asString());
    assertThat(auditor.json().get("role").asString()).isEqualTo("AUDITOR");
    assertThat(auditor.json().get("expiresAt").asString()).isEqualTo("2099-01-01T00:00:00Z");
    assertThat(auditor.body()).doesNotContain(secret);

    assertThat(
            api()
                .post(
                    "/api/v1/tenants",
                    Map.of("name", "me-tenant", "displayName", "Me", "gpuQuota", 1))
                .status())
        .isIn(201, 409);
    ApiClient tenant = api().withToken(api().createToken(Role.TENANT, "me-tenant").secret());
    ApiClient.Response own = tenant.get("/api/v1/me");
    assertThat(own.json().get("role").asString()).isEqualTo("TENANT");
    assertThat(own.json().get("tenant").asString()).isEqualTo("me-tenant");
    assertThat(api().withToken("tf_not_a_token").get("/api/v1/me").status()).isEqualTo(401);
  }

  @Test
  void tokenIsShownOnceListedWithoutSecretAndStoredOnlyAsHash() {
    ApiClient.Response created =
        api().post("/api/v1/tokens", Map.of("role", "AUDITOR", "label", "auditor one"));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    String secret = created.json().get("token").asString();
    String id = created.json().get("id").asString();
    assertThat(secret).startsWith("tf_").hasSize(46);
    assertThat(created.header("Location")).hasValue("/api/v1/tokens/" + id);

    ApiClient.Response list = api().get("/api/v1/tokens");
    assertThat(list.body()).doesNotContain(secret).doesNotContain("\"token\"");
    assertThat(list.body()).contains(id);

    Integer plaintext =
        jdbc.queryForObject(
            "SELECT count(*) FROM api_tokens WHERE secret_hash = ? OR label = ? OR id::text = ?",
            Integer.class,
            secret,
            secret,
            secret);
    assertThat(plaintext).isZero();
    String stored =
        jdbc.queryForObject(
            "SELECT secret_hash FROM api_tokens WHERE id = ?::uuid", String.class, id);
    assertThat(stored).isEqualTo(TokenSecrets.hash(secret));

    assertThat(api().withToken(secret).get("/api/v1/audits/events").status()).isEqualTo(200);
  }

  @Test
  void revokedTokenGets401() {
    ApiClient.IssuedToken t = api().createToken(Role.PORTAL, null);
    ApiClient portal = api().withToken(t.secret());
    assertThat(api().delete("/api/v1/tokens/" + t.id()).status()).isEqualTo(204);
    ApiClient.Response r = portal.get("/api/v1/tenants");
    assertThat(r.status()).isEqualTo(401);
    assertThat(r.isProblem()).as(r.toString()).isTrue();
    assertThat(r.body()).doesNotContain(t.secret());
  }

  @Test
  void secretsNeverReachTheLogOrProblems(CapturedOutput output) {
    ApiClient.IssuedToken t = api().createToken(Role.OPERATOR, null);
    String wrong = "tf_wrong-secret-that-must-not-be-logged-0123456789";
    assertThat(api().withToken(t.secret()).get("/api/v1/tokens").status()).isEqualTo(200);
    ApiClient.Response bad = api().withToken(wrong).get("/api/v1/tokens");
    assertThat(bad.status()).isEqualTo(401);
    assertThat(bad.body()).doesNotContain(wrong);
    // a failing request after authentication logs and answers without the header either
    assertThat(
            api()
                .withToken(t.secret())
                .sendingMalformedRequests()
                .send("POST", "/api/v1/tokens", "{")
                .status())
        .isEqualTo(400);
    assertThat(output.getAll())
        .doesNotContain(t.secret())
        .doesNotContain(wrong)
        .doesNotContain(ApiClient.BOOTSTRAP_TOKEN);
  }

  @Test
  void tenantTokenIsBoundToALiveTenant() {
    ApiClient.Response r =
        api().post("/api/v1/tokens", Map.of("role", "TENANT", "tenant", "nosuch"));
    assertThat(r.status()).isEqualTo(422);
    assertThat(r.json().get("field").asString()).isEqualTo("tenant");
    assertThat(
            api()
                .post("/api/v1/tenants", Map.of("name", "acme", "displayName", "A", "gpuQuota", 8))
                .status())
        .isEqualTo(201);
    ApiClient.IssuedToken t = api().createToken(Role.TENANT, "acme");
    ApiClient tenant = api().withToken(t.secret());
    assertThat(tenant.get("/api/v1/tenants/acme").status()).isEqualTo(200);
    assertThat(tenant.get("/api/v1/tenants/other").status()).isEqualTo(404);
    ApiClient.Response operatorOnly =
        api().post("/api/v1/tokens", Map.of("role", "OPERATOR", "tenant", "acme"));
    assertThat(operatorOnly.status()).isEqualTo(400);
  }
}
