package io.tenantfabric.controller.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.AuditEventCounts;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Idempotency-Key on every call a portal retries (tenant create and delete, allocation create and
 * release): a retry replays the very same response and changes nothing more, another body or target
 * under the key is 422, concurrent submits of one key make one change, and a key is its token's.
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
  void aKeyIsItsTokensAndNamesOneTenantAndAbsentKeysAllocateEveryTime() {
    ApiClient.Response a =
        api.post("/api/v1/tenants/idem-a/allocations", Map.of("gpus", 1), "Idempotency-Key", "k");
    assertThat(a.status()).isEqualTo(202);
    long first = allocations();
    ApiClient.Response elsewhere =
        api.post("/api/v1/tenants/idem-b/allocations", Map.of("gpus", 1), "Idempotency-Key", "k");
    assertThat(elsewhere.status()).as("another target under the key").isEqualTo(422);
    assertThat(elsewhere.json().get("field").asString()).isEqualTo("Idempotency-Key");
    assertThat(allocations()).isEqualTo(first);

    ApiClient.Response b =
        api.as(Role.PORTAL, null)
            .post("/api/v1/tenants/idem-b/allocations", Map.of("gpus", 1), "Idempotency-Key", "k");
    assertThat(b.status()).as("another token's key is its own").isEqualTo(202);
    assertThat(b.header("Idempotent-Replayed")).isEmpty();
    assertThat(b.json().get("id")).isNotEqualTo(a.json().get("id"));

    long before = allocations();
    api.post("/api/v1/tenants/idem-b/allocations", Map.of("gpus", 1));
    api.post("/api/v1/tenants/idem-b/allocations", Map.of("gpus", 1));
    assertThat(allocations()).isEqualTo(before + 2);
  }

  @Test
  void concurrentRetriesWithOneKeyMakeOneAllocation() throws Exception {
    // a client that timed out retries while its first request is still queued: requests that
    // arrive together are decided in one group, so the key must be honoured inside a group too
    String path = "/api/v1/tenants/idem-b/allocations";
    int retries = 16;
    long before = allocations();
    CyclicBarrier start = new CyclicBarrier(retries);
    ExecutorService clients = Executors.newFixedThreadPool(retries);
    List<Future<ApiClient.Response>> replies = new ArrayList<>();
    try {
      for (int i = 0; i < retries; i++) {
        replies.add(
            clients.submit(
                () -> {
                  start.await();
                  return api.post(path, Map.of("gpus", 1), "Idempotency-Key", "storm-1");
                }));
      }
      Set<String> ids = new HashSet<>();
      int fresh = 0;
      for (Future<ApiClient.Response> f : replies) {
        ApiClient.Response r = f.get(60, TimeUnit.SECONDS);
        assertThat(r.status()).as(r.toString()).isEqualTo(202);
        ids.add(r.json().get("id").asString());
        fresh += r.header("Idempotent-Replayed").isEmpty() ? 1 : 0;
      }
      assertThat(ids).as("every retry names the same allocation").hasSize(1);
      assertThat(fresh).as("one reply is the original, the others replays").isEqualTo(1);
    } finally {
      clients.shutdownNow();
    }
    assertThat(allocations()).isEqualTo(before + 1);
  }

  @Test
  void concurrentRequestsWithOneKeyAndTwoBodiesMakeOneAllocationAndRefuseTheOtherBody()
      throws Exception {
    String path = "/api/v1/tenants/idem-b/allocations";
    long before = allocations();
    List<Integer> sizes = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      sizes.add(1 + i % 2); // 1 and 2 GPUs, interleaved, under one key
    }
    CyclicBarrier start = new CyclicBarrier(sizes.size());
    ExecutorService clients = Executors.newFixedThreadPool(sizes.size());
    Map<Integer, List<Integer>> statuses = new TreeMap<>();
    Set<String> ids = new HashSet<>();
    try {
      List<Future<ApiClient.Response>> replies = new ArrayList<>();
      for (int gpus : sizes) {
        replies.add(
            clients.submit(
                () -> {
                  start.await();
                  return api.post(path, Map.of("gpus", gpus), "Idempotency-Key", "storm-2");
                }));
      }
      for (int i = 0; i < sizes.size(); i++) {
        ApiClient.Response r = replies.get(i).get(60, TimeUnit.SECONDS);
        statuses.computeIfAbsent(sizes.get(i), k -> new ArrayList<>()).add(r.status());
        if (r.status() == 202) {
          ids.add(r.json().get("id").asString());
        } else {
          assertThat(r.json().get("field").asString()).isEqualTo("Idempotency-Key");
        }
      }
    } finally {
      clients.shutdownNow();
    }
    // whichever body came first is the key's: all of its requests get it, all of the other 422
    assertThat(statuses.values())
        .containsExactlyInAnyOrder(
            List.of(202, 202, 202, 202, 202, 202, 202, 202),
            List.of(422, 422, 422, 422, 422, 422, 422, 422));
    assertThat(ids).hasSize(1);
    assertThat(allocations()).isEqualTo(before + 1);
  }

  @Test
  void malformedKeyIs400() {
    ApiClient.Response r =
        api.sendingMalformedRequests()
            .post(
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
    // released behind the API, as the provisioner would mark it, then the tenant deleted
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

  // --- tenant create -----------------------------------------------------------------------------

  @Test
  void aRetriedTenantCreationGetsTheFirstAnswerNotA409() {
    ApiClient.Response first =
        api.post("/api/v1/tenants", tenant("idem-c1", 8), "Idempotency-Key", "create-1");
    assertThat(first.status()).as(first.toString()).isEqualTo(201);
    assertThat(first.header("Idempotent-Replayed")).isEmpty();

    ApiClient.Response retry =
        api.send(
            "POST",
            "/api/v1/tenants",
            "{\"gpuQuota\": 8, \"displayName\": \"idem-c1\", \"name\": \"idem-c1\"}",
            "Idempotency-Key",
            "create-1");
    assertThat(retry.status()).as(retry.toString()).isEqualTo(201);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(retry.header("Location")).isEqualTo(first.header("Location")).isPresent();
    assertThat(retry.header("Idempotent-Replayed")).contains("true");
    assertThat(tenantsNamed("idem-c1")).isEqualTo(1);
    assertThat(AuditEventCounts.of(api, "tenant.create", "idem-c1", "SUCCESS")).isEqualTo(1);

    ApiClient.Response unkeyed = api.post("/api/v1/tenants", tenant("idem-c1", 8));
    assertThat(unkeyed.status()).as("without the key it is a new request").isEqualTo(409);
  }

  @Test
  void theSameCreationKeyWithAnotherBodyIs422AndCreatesNothing() {
    assertThat(
            api.post("/api/v1/tenants", tenant("idem-c2", 8), "Idempotency-Key", "create-2")
                .status())
        .isEqualTo(201);

    ApiClient.Response other =
        api.post("/api/v1/tenants", tenant("idem-c3", 8), "Idempotency-Key", "create-2");
    assertThat(other.status()).as(other.toString()).isEqualTo(422);
    assertThat(other.isProblem()).isTrue();
    assertThat(other.json().get("field").asString()).isEqualTo("Idempotency-Key");
    assertThat(tenantsNamed("idem-c3")).isZero();
    ApiClient.Response quota =
        api.post("/api/v1/tenants", tenant("idem-c2", 9), "Idempotency-Key", "create-2");
    assertThat(quota.status()).as("another quota is another body").isEqualTo(422);
  }

  @Test
  void concurrentCreationsWithOneKeyMakeOneTenant() throws Exception {
    List<ApiClient.Response> replies =
        together(
            8,
            () -> api.post("/api/v1/tenants", tenant("idem-c4", 8), "Idempotency-Key", "create-4"));
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
    assertThat(replies.stream().map(ApiClient.Response::body).distinct()).hasSize(1);
    assertThat(replies.stream().filter(r -> r.header("Idempotent-Replayed").isEmpty()))
        .as("one reply is the original, the others replays")
        .hasSize(1);
    assertThat(tenantsNamed("idem-c4")).isEqualTo(1);
    assertThat(AuditEventCounts.of(api, "tenant.create", "idem-c4", "SUCCESS")).isEqualTo(1);
  }

  @Test
  void anotherTokenCannotReplayATenantCreation() {
    ApiClient portal = api.as(Role.PORTAL, null);
    ApiClient other = api.as(Role.PORTAL, null);
    assertThat(
            portal
                .post("/api/v1/tenants", tenant("idem-c5", 8), "Idempotency-Key", "create-5")
                .status())
        .isEqualTo(201);

    ApiClient.Response same =
        other.post("/api/v1/tenants", tenant("idem-c5", 8), "Idempotency-Key", "create-5");
    assertThat(same.status()).as("not the first token's answer: the name is taken").isEqualTo(409);
    assertThat(same.json().get("field").asString()).isEqualTo("name");
    ApiClient.Response own =
        other.post("/api/v1/tenants", tenant("idem-c6", 8), "Idempotency-Key", "create-5");
    assertThat(own.status()).as("the key is the other token's own").isEqualTo(201);
    assertThat(own.header("Idempotent-Replayed")).isEmpty();
  }

  // --- tenant delete -----------------------------------------------------------------------------

  @Test
  void aRetriedTenantDeletionGetsItsFirst204NotA404() {
    assertThat(api.post("/api/v1/tenants", tenant("idem-d1", 8)).status()).isEqualTo(201);

    ApiClient.Response first = api.delete("/api/v1/tenants/idem-d1", "Idempotency-Key", "del-1");
    assertThat(first.status()).as(first.toString()).isEqualTo(204);
    assertThat(first.header("Idempotent-Replayed")).isEmpty();
    ApiClient.Response retry = api.delete("/api/v1/tenants/idem-d1", "Idempotency-Key", "del-1");
    assertThat(retry.status()).as(retry.toString()).isEqualTo(204);
    assertThat(retry.body()).isEmpty();
    assertThat(retry.header("Idempotent-Replayed")).contains("true");
    assertThat(AuditEventCounts.of(api, "tenant.delete", "idem-d1", "SUCCESS")).isEqualTo(1);

    assertThat(api.delete("/api/v1/tenants/idem-d1").status())
        .as("without the key it is a new request")
        .isEqualTo(404);
  }

  @Test
  void theSameDeletionKeyForAnotherTenantIs422AndDeletesNothing() {
    assertThat(api.post("/api/v1/tenants", tenant("idem-d2", 8)).status()).isEqualTo(201);
    assertThat(api.post("/api/v1/tenants", tenant("idem-d3", 8)).status()).isEqualTo(201);
    assertThat(api.delete("/api/v1/tenants/idem-d2", "Idempotency-Key", "del-2").status())
        .isEqualTo(204);

    ApiClient.Response other = api.delete("/api/v1/tenants/idem-d3", "Idempotency-Key", "del-2");
    assertThat(other.status()).as(other.toString()).isEqualTo(422);
    assertThat(other.json().get("field").asString()).isEqualTo("Idempotency-Key");
    assertThat(api.get("/api/v1/tenants/idem-d3").status()).isEqualTo(200);
  }

  @Test
  void aDeletionsKeyNeverDeletesALaterTenantOfTheName() {
    assertThat(api.post("/api/v1/tenants", tenant("idem-d4", 8)).status()).isEqualTo(201);
    assertThat(api.delete("/api/v1/tenants/idem-d4", "Idempotency-Key", "del-4").status())
        .isEqualTo(204);
    assertThat(api.post("/api/v1/tenants", tenant("idem-d4", 8)).status()).isEqualTo(201);

    ApiClient.Response again = api.delete("/api/v1/tenants/idem-d4", "Idempotency-Key", "del-4");
    assertThat(again.status()).as("the key named the tenant it deleted").isEqualTo(422);
    assertThat(api.get("/api/v1/tenants/idem-d4").status()).isEqualTo(200);
  }

  @Test
  void concurrentDeletionsWithOneKeyDeleteOnce() throws Exception {
    assertThat(api.post("/api/v1/tenants", tenant("idem-d5", 8)).status()).isEqualTo(201);
    List<ApiClient.Response> replies =
        together(8, () -> api.delete("/api/v1/tenants/idem-d5", "Idempotency-Key", "del-5"));
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(204));
    assertThat(replies.stream().filter(r -> r.header("Idempotent-Replayed").isEmpty()))
        .as("one reply is the original, the others replays")
        .hasSize(1);
    assertThat(AuditEventCounts.of(api, "tenant.delete", "idem-d5", "SUCCESS")).isEqualTo(1);
  }

  @Test
  void anotherTokenCannotReplayATenantDeletion() {
    ApiClient portal = api.as(Role.PORTAL, null);
    assertThat(api.post("/api/v1/tenants", tenant("idem-d6", 8)).status()).isEqualTo(201);
    assertThat(portal.delete("/api/v1/tenants/idem-d6", "Idempotency-Key", "del-6").status())
        .isEqualTo(204);

    ApiClient.Response other =
        api.as(Role.PORTAL, null).delete("/api/v1/tenants/idem-d6", "Idempotency-Key", "del-6");
    assertThat(other.status()).as("not the first token's answer").isEqualTo(404);
  }

  // --- allocation release ------------------------------------------------------------------------

  @Test
  void aRetriedReleaseGetsTheFirstAnswerAndReleasesOnce() {
    String id = allocate("idem-a");
    String path = "/api/v1/tenants/idem-a/allocations/" + id;

    ApiClient.Response first = api.delete(path, "Idempotency-Key", "rel-1");
    assertThat(first.status()).as(first.toString()).isEqualTo(202);
    assertThat(first.json().get("status").asString()).isEqualTo("RELEASING");
    assertThat(first.header("Idempotent-Replayed")).isEmpty();
    ApiClient.Response retry = api.delete(path, "Idempotency-Key", "rel-1");
    assertThat(retry.status()).isEqualTo(202);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(retry.header("Idempotent-Replayed")).contains("true");
    assertThat(AuditEventCounts.of(api, "allocation.release", id, "SUCCESS")).isEqualTo(1);
  }

  @Test
  void theSameReleaseKeyForAnotherAllocationIs422AndReleasesNothing() {
    String one = allocate("idem-a");
    String two = allocate("idem-a");
    String path = "/api/v1/tenants/idem-a/allocations/";
    assertThat(api.delete(path + one, "Idempotency-Key", "rel-2").status()).isEqualTo(202);

    ApiClient.Response other = api.delete(path + two, "Idempotency-Key", "rel-2");
    assertThat(other.status()).as(other.toString()).isEqualTo(422);
    assertThat(other.json().get("field").asString()).isEqualTo("Idempotency-Key");
    assertThat(api.get(path + two).json().get("status").asString()).isEqualTo("PROVISIONING");
    assertThat(AuditEventCounts.of(api, "allocation.release", two, "SUCCESS")).isZero();
  }

  @Test
  void concurrentReleasesWithOneKeyReleaseOnce() throws Exception {
    String id = allocate("idem-b");
    String path = "/api/v1/tenants/idem-b/allocations/" + id;
    List<ApiClient.Response> replies =
        together(8, () -> api.delete(path, "Idempotency-Key", "rel-3"));
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(202));
    assertThat(replies.stream().map(ApiClient.Response::body).distinct()).hasSize(1);
    assertThat(replies.stream().filter(r -> r.header("Idempotent-Replayed").isEmpty()))
        .as("one reply is the original, the others replays")
        .hasSize(1);
    assertThat(AuditEventCounts.of(api, "allocation.release", id, "SUCCESS")).isEqualTo(1);
  }

  @Test
  void aTenantTokenCannotReplayAnotherTokensRelease() {
    String mine = allocate("idem-b");
    String other = allocate("idem-b");
    String path = "/api/v1/tenants/idem-b/allocations/";
    ApiClient.Response released =
        api.as(Role.TENANT, "idem-b").delete(path + mine, "Idempotency-Key", "rel-4");
    assertThat(released.status()).isEqualTo(202);

    // the same key from other tokens of the same tenant is each one's own: no replay, no 422
    ApiClient.Response sameTarget =
        api.as(Role.TENANT, "idem-b").delete(path + mine, "Idempotency-Key", "rel-4");
    assertThat(sameTarget.status()).isEqualTo(202);
    assertThat(sameTarget.header("Idempotent-Replayed")).isEmpty();
    ApiClient.Response ownTarget =
        api.as(Role.TENANT, "idem-b").delete(path + other, "Idempotency-Key", "rel-4");
    assertThat(ownTarget.status()).as(ownTarget.toString()).isEqualTo(202);
    assertThat(ownTarget.header("Idempotent-Replayed")).isEmpty();
    assertThat(ownTarget.json().get("id").asString()).isEqualTo(other);
    assertThat(ownTarget.json().get("status").asString()).isEqualTo("RELEASING");
    assertThat(AuditEventCounts.of(api, "allocation.release", mine, "SUCCESS")).isEqualTo(1);
  }

  @Test
  void aMalformedKeyIs400OnEveryOperation() {
    String key = "with space";
    ApiClient malformed = api.sendingMalformedRequests();
    for (ApiClient.Response r :
        List.of(
            malformed.post("/api/v1/tenants", tenant("idem-m1", 8), "Idempotency-Key", key),
            malformed.delete("/api/v1/tenants/idem-a", "Idempotency-Key", key),
            malformed.delete(
                "/api/v1/tenants/idem-a/allocations/" + UUID.randomUUID(),
                "Idempotency-Key",
                key))) {
      assertThat(r.status()).as(r.toString()).isEqualTo(400);
      assertThat(r.json().get("field").asString()).isEqualTo("Idempotency-Key");
    }
    assertThat(api.get("/api/v1/tenants/idem-a").status()).isEqualTo(200);
  }

  private static Map<String, Object> tenant(String name, int quota) {
    return Map.of("name", name, "displayName", name, "gpuQuota", quota);
  }

  private long tenantsNamed(String name) {
    return jdbc.queryForObject(
        "SELECT count(*) FROM tenants WHERE name = ? AND status = 'LIVE'", Long.class, name);
  }

  /** A new allocation of one GPU for {@code tenant}, made without a key; its id. */
  private String allocate(String tenant) {
    ApiClient.Response r =
        api.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", 1));
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    return r.json().get("id").asString();
  }

  /** {@code n} submits of {@code request}, released together, each answer in order. */
  private static List<ApiClient.Response> together(int n, Callable<ApiClient.Response> request)
      throws Exception {
    CyclicBarrier start = new CyclicBarrier(n);
    ExecutorService clients = Executors.newFixedThreadPool(n);
    try {
      List<Future<ApiClient.Response>> replies = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        replies.add(
            clients.submit(
                () -> {
                  start.await();
                  return request.call();
                }));
      }
      List<ApiClient.Response> out = new ArrayList<>();
      for (Future<ApiClient.Response> f : replies) {
        out.add(f.get(60, TimeUnit.SECONDS));
      }
      return out;
    } finally {
      clients.shutdownNow();
    }
  }
}
