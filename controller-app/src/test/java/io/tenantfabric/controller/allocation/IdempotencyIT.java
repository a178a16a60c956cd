package io.tenantfabric.controller.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.idempotency.ExpireIdempotencyRecords;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Idempotency-Key on allocations: a retry replays the very same response, a changed body is 422.
 */
@ControllerIT
class IdempotencyIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired ExpireIdempotencyRecords sweeper;

  private ApiClient api;

  @BeforeEach
  void fabricAndTenants() {
    api = new ApiClient(port);
    if (api.get("/api/v1/fabric").status() == 404) {
      assertThat(api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
          .isEqualTo(201);
      for (String t : new String[] {"idem-a", "idem-b"}) {
        api.post("/api/v1/tenants", Map.of("name", t, "displayName", t, "gpuQuota", 64));
      }
    }
  }

  @Test
  void retryWithTheSameKeyAndBodyReturnsTheSameAllocationWithoutASecondOne() {
    String path = "/api/v1/tenants/idem-a/allocations";
    ApiClient.Response first = api.post(path, Map.of("gpus", 8), "Idempotency-Key", "retry-1");
    assertThat(first.status()).as(first.toString()).isEqualTo(202);
    long before = allocations();

    ApiClient.Response retry =
        api.send("POST", path, "{ \"gpus\" :  8 }", "Idempotency-Key", "retry-1");
    assertThat(retry.status()).isEqualTo(202);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(retry.header("Location")).isEqualTo(first.header("Location"));
    assertThat(retry.header("Idempotent-Replayed")).contains("true");
    assertThat(allocations()).isEqualTo(before);
    assertThat(api.get(first.header("Location").orElseThrow()).json().get("id"))
        .isEqualTo(first.json().get("id"));
  }

  @Test
  void sameKeyWithAnotherBodyIs422AndChangesNothing() {
    String path = "/api/v1/tenants/idem-a/allocations";
    assertThat(api.post(path, Map.of("gpus", 2), "Idempotency-Key", "reuse-1").status())
        .isEqualTo(202);
    long before = allocations();

    ApiClient.Response reused = api.post(path, Map.of("gpus", 3), "Idempotency-Key", "reuse-1");
    assertThat(reused.status()).as(reused.toString()).isEqualTo(422);
    assertThat(reused.isProblem()).isTrue();
    assertThat(reused.json().get("field").asString()).isEqualTo("Idempotency-Key");
    assertThat(allocations()).isEqualTo(before);
  }

  @Test
  void keysAreScopedPerTenantAndAbsentKeysAllocateEveryTime() {
    ApiClient.Response a =
        api.post("/api/v1/tenants/idem-a/allocations", Map.of("gpus", 1), "Idempotency-Key", "k");
    ApiClient.Response b =
        api.post("/api/v1/tenants/idem-b/allocations", Map.of("gpus", 1), "Idempotency-Key", "k");
    assertThat(a.status()).isEqualTo(202);
    assertThat(b.status()).isEqualTo(202);
    assertThat(b.json().get("id")).isNotEqualTo(a.json().get("id"));

    long before = allocations();
    api.post("/api/v1/tenants/idem-b/allocations", Map.of("gpus", 1));
    api.post("/api/v1/tenants/idem-b/allocations", Map.of("gpus", 1));
    assertThat(allocations()).isEqualTo(before + 2);
  }

  @Test
  void malformedKeyIs400() {
    ApiClient.Response r =
        api.post(
            "/api/v1/tenants/idem-a/allocations",
            Map.of("gpus", 1),
            "Idempotency-Key",
            "x".repeat(300));
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().get("field").asString()).isEqualTo("Idempotency-Key");
  }

  private long allocations() {
    return jdbc.queryForObject("SELECT count(*) FROM allocations", Long.class);
  }

  @Test
  void aReusedTenantNameNeverReplaysTheDeletedTenantsAnswer() {
    api.post("/api/v1/tenants", Map.of("name", "idem-reused", "displayName", "A", "gpuQuota", 8));
    String path = "/api/v1/tenants/idem-reused/allocations";
    ApiClient.Response first = api.post(path, Map.of("gpus", 1), "Idempotency-Key", "same");
    assertThat(first.status()).as(first.toString()).isEqualTo(202);
    // the provisioner is not there yet: release behind the API, then delete the tenant
    jdbc.update(
        "UPDATE allocations SET status = 'RELEASED' WHERE id = ?::uuid",
        first.json().get("id").asString());
    assertThat(api.delete("/api/v1/tenants/idem-reused").status()).isEqualTo(204);
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM idempotency_records r JOIN tenants t ON t.id = r.tenant_id"
                    + " WHERE t.name = 'idem-reused'",
                Long.class))
        .as("the deleted tenant's records went with it")
        .isZero();

    api.post("/api/v1/tenants", Map.of("name", "idem-reused", "displayName", "B", "gpuQuota", 8));
    ApiClient.Response second = api.post(path, Map.of("gpus", 1), "Idempotency-Key", "same");
    assertThat(second.status()).as(second.toString()).isEqualTo(202);
    assertThat(second.header("Idempotent-Replayed")).isEmpty();
    assertThat(second.json().get("id")).isNotEqualTo(first.json().get("id"));
  }

  @Test
  void anExpiredRecordIsNotReplayedAndTheSweepDeletesExpiredRecords() {
    String path = "/api/v1/tenants/idem-a/allocations";
    ApiClient.Response first = api.post(path, Map.of("gpus", 1), "Idempotency-Key", "old-key");
    assertThat(first.status()).isEqualTo(202);
    jdbc.update(
        "UPDATE idempotency_records SET created_at = now() - interval '2 days',"
            + " expires_at = now() - interval '1 day' WHERE idempotency_key = 'old-key'");

    ApiClient.Response again = api.post(path, Map.of("gpus", 1), "Idempotency-Key", "old-key");
    assertThat(again.status()).isEqualTo(202);
    assertThat(again.header("Idempotent-Replayed")).isEmpty();
    assertThat(again.json().get("id")).isNotEqualTo(first.json().get("id"));

    jdbc.update(
        "UPDATE idempotency_records SET created_at = now() - interval '2 days',"
            + " expires_at = now() - interval '1 day' WHERE idempotency_key = 'old-key'");
    assertThat(sweeper.sweep()).isGreaterThanOrEqualTo(1);
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM idempotency_records WHERE expires_at <= now()", Long.class))
        .isZero();
  }
}
