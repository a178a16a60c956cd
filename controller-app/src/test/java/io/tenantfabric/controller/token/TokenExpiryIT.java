package io.tenantfabric.controller.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.TokenSecrets;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/** Tokens with an expiry. */
@ControllerIT
class TokenExpiryIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  @Test
  void aTokenWithAFutureExpiryWorksAndIsListedWithIt() {
    ApiClient api = new ApiClient(port);
    Instant expiry = Instant.now().plus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
    ApiClient.Response r =
        api.post("/api/v1/tokens", Map.of("role", "AUDITOR", "expiresAt", expiry.toString()));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    assertThat(Instant.parse(r.json().get("expiresAt").asString())).isEqualTo(expiry);
    String id = r.json().get("id").asString();
    assertThat(api.withToken(r.json().get("token").asString()).get("/api/v1/fabric").status())
        .isIn(200, 404);
    JsonNode listed = null;
    for (JsonNode t : api.get("/api/v1/tokens").json()) {
      if (t.get("id").asString().equals(id)) {
        listed = t;
      }
    }
    assertThat(listed).isNotNull();
    assertThat(Instant.parse(listed.get("expiresAt").asString())).isEqualTo(expiry);
  }

  @Test
  void anExpiryInThePastIsRefusedNamingTheField() {
    ApiClient.Response r =
        new ApiClient(port)
            .post(
                "/api/v1/tokens",
                Map.of("role", "PORTAL", "expiresAt", Instant.now().minusSeconds(60).toString()));
    assertThat(r.status()).as(r.toString()).isEqualTo(422);
    assertThat(r.json().get("field").asString()).isEqualTo("expiresAt");
  }

  @Test
  void anExpiredTokenIs401() {
    String secret = "tf_expired-token-for-the-expiry-test-0123456789";
    jdbc.update(
        "INSERT INTO api_tokens (id, role, secret_hash, created_at, expires_at)"
            + " VALUES (gen_random_uuid(), 'OPERATOR', ?, now() - interval '2 hours',"
            + " now() - interval '1 hour')",
        TokenSecrets.hash(secret));
    ApiClient.Response r = new ApiClient(port).withToken(secret).get("/api/v1/tokens");
    assertThat(r.status()).isEqualTo(401);
    assertThat(r.isProblem()).isTrue();
  }
}
