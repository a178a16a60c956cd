package io.tenantfabric.controller.token;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A TENANT token must never reach a later tenant of the same name, raced as an automated portal
 * could: TENANT tokens issued while their tenant is being deleted, then the name taken by a new
 * customer. No token of the old tenant may ever read or release anything of the new one.
 */
@ControllerIT
class TokenTenantRaceIT {
  private static final Logger LOG = LoggerFactory.getLogger(TokenTenantRaceIT.class);

  static final int ROUNDS = 12;
  static final int ISSUES_PER_ROUND = 6;

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  @Test
  void tokensIssuedDuringADeleteNeverReachTheNextTenantOfTheSameName() throws Exception {
    ApiClient operator = new ApiClient(port);
    List<String> oldTokens = new ArrayList<>();
    int refused = 0;
    ExecutorService pool = Executors.newFixedThreadPool(ISSUES_PER_ROUND + 1);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        String name = "race-" + round;
        create(operator, name, "FIRST customer");
        CountDownLatch go = new CountDownLatch(1);
        List<CompletableFuture<ApiClient.Response>> issues = new ArrayList<>();
        for (int i = 0; i < ISSUES_PER_ROUND; i++) {
          issues.add(
              CompletableFuture.supplyAsync(
                  () -> {
                    await(go);
                    return operator.post(
                        "/api/v1/tokens", Map.of("role", "TENANT", "tenant", name));
                  },
                  pool));
        }
        CompletableFuture<ApiClient.Response> delete =
            CompletableFuture.supplyAsync(
                () -> {
                  await(go);
                  return operator.delete("/api/v1/tenants/" + name);
                },
                pool);
        go.countDown();
        assertThat(delete.get().status()).as(delete.get().toString()).isEqualTo(204);
        for (CompletableFuture<ApiClient.Response> f : issues) {
          ApiClient.Response r = f.get();
          if (r.status() == 201) {
            oldTokens.add(r.json().get("token").asString());
          } else {
            // issued after the delete: the tenant is unknown by then
            assertThat(r.status()).as(r.toString()).isEqualTo(422);
            refused++;
          }
        }
        create(operator, name, "SECOND customer");
      }
    } finally {
      pool.shutdownNow();
    }
    LOG.info(
        "token/delete race: {} rounds, {} tokens issued before their tenant's delete, {} refused"
            + " after it",
        ROUNDS,
        oldTokens.size(),
        refused);
    assertThat(oldTokens.size() + refused).isEqualTo(ROUNDS * ISSUES_PER_ROUND);

    for (String secret : oldTokens) {
      ApiClient old = operator.withToken(secret);
      for (int round = 0; round < ROUNDS; round++) {
        String name = "race-" + round;
        assertThat(old.get("/api/v1/tenants/" + name).status()).isEqualTo(401);
        assertThat(old.get("/api/v1/tenants/" + name + "/allocations").status()).isEqualTo(401);
      }
    }
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM api_tokens k JOIN tenants t ON t.id = k.tenant_id"
                    + " WHERE k.revoked_at IS NULL AND t.status <> 'LIVE'",
                Long.class))
        .as("no unrevoked token of a deleted tenant")
        .isZero();
  }

  private static void create(ApiClient api, String name, String displayName) {
    ApiClient.Response r =
        api.post(
            "/api/v1/tenants", Map.of("name", name, "displayName", displayName, "gpuQuota", 8));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
