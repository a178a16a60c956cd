package io.tenantfabric.controller.tenant;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
import tools.jackson.databind.JsonNode;

/**
 * Tenants over HTTP: create, list, read, change, delete, pools assigned on first use and
 * quarantined.
 */
@ControllerIT
class TenantIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private ApiClient api;

  @BeforeEach
  void fabric() {
    api = new ApiClient(port);
    if (api.get("/api/v1/fabric").status() == 404) {
      assertThat(api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
          .isEqualTo(201);
    }
  }

  @Test
  void createReadListAndDuplicate() {
    ApiClient.Response created = create("alpha", 16);
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    assertThat(created.header("Location")).contains("/api/v1/tenants/alpha");
    assertThat(created.json().get("vni").isNull()).isTrue();

    JsonNode one = api.get("/api/v1/tenants/alpha").json();
    assertThat(one.get("gpuQuota").asInt()).isEqualTo(16);
    assertThat(one.get("liveGpus").asInt()).isZero();
    assertThat(one.get("vsiName").asString()).isEqualTo("t-alpha");
    assertThat(one.get("createdAt")).isEqualTo(created.json().get("createdAt"));

    ApiClient.Response duplicate = create("alpha", 8);
    assertThat(duplicate.status()).isEqualTo(409);
    assertThat(duplicate.json().get("field").asString()).isEqualTo("name");

    create("beta", 1);
    create("gamma", 1);
    JsonNode page = api.get("/api/v1/tenants?page=0&size=2").json();
    assertThat(page.get("items").size()).isEqualTo(2);
    assertThat(page.get("totalItems").asLong()).isGreaterThanOrEqualTo(3);
    ApiClient malformed = api.sendingMalformedRequests();
    assertThat(malformed.get("/api/v1/tenants?size=201").status()).isEqualTo(400);
    assertThat(malformed.get("/api/v1/tenants?page=-1").status()).isEqualTo(400);
  }

  /**
   * Creations that arrive together are committed in groups: every name is still created once, the
   * second request for it is a 409 naming the field, and every event is audited as its own
   * request's (its own request id and actor), whichever request's thread wrote the group.
   */
  @Test
  void concurrentCreatesAreEachCreatedOnceAndAuditedAsTheirOwnRequest() throws Exception {
    int names = 16;
    List<String> asked = new ArrayList<>();
    for (int i = 0; i < names; i++) {
      asked.add(String.format("burst-%02d", i));
      asked.add(String.format("burst-%02d", i)); // each name twice, at the same moment
    }
    CyclicBarrier start = new CyclicBarrier(asked.size());
    ExecutorService clients = Executors.newFixedThreadPool(asked.size());
    List<Future<ApiClient.Response>> replies = new ArrayList<>();
    try {
      for (String name : asked) {
        replies.add(
            clients.submit(
                () -> {
                  start.await();
                  return create(name, 1);
                }));
      }
      Map<String, List<Integer>> statuses = new TreeMap<>();
      for (int i = 0; i < asked.size(); i++) {
        ApiClient.Response r = replies.get(i).get(60, TimeUnit.SECONDS);
        statuses.computeIfAbsent(asked.get(i), k -> new ArrayList<>()).add(r.status());
        if (r.status() == 409) {
          assertThat(r.json().get("field").asString()).isEqualTo("name");
        }
      }
      for (Map.Entry<String, List<Integer>> e : statuses.entrySet()) {
        assertThat(e.getValue()).as(e.getKey()).containsExactlyInAnyOrder(201, 409);
      }
    } finally {
      clients.shutdownNow();
    }
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM tenants WHERE name LIKE 'burst-%' AND status = 'LIVE'",
                Long.class))
        .isEqualTo(names);
    List<Map<String, Object>> events =
        jdbc.queryForList(
            "SELECT target, outcome, request_id, actor_token_id FROM audit_events"
                + " WHERE action = 'tenant.create' AND target LIKE 'burst-%'");
    assertThat(events).hasSize(2 * names);
    assertThat(events).filteredOn(e -> "SUCCESS".equals(e.get("outcome"))).hasSize(names);
    assertThat(events).allSatisfy(e -> assertThat(e.get("actor_token_id")).isNotNull());
    assertThat(events.stream().map(e -> e.get("request_id")).distinct().count())
        .as("one request id per request: %s", events)
        .isEqualTo(2L * names);
    // a group inserts its tenants in one statement: each creation's event names its own row
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM audit_events e JOIN tenants t ON t.id = e.tenant_id"
                    + " WHERE e.action = 'tenant.create' AND e.outcome = 'SUCCESS'"
                    + " AND e.target LIKE 'burst-%' AND t.name = e.target",
                Long.class))
        .isEqualTo(names);
  }

  @Test
  void poolsAreAssignedOnFirstAllocationAndQuarantinedOnDelete() {
    create("pooled", 8);
    JsonNode alloc = api.post("/api/v1/tenants/pooled/allocations", Map.of("gpus", 8)).json();
    JsonNode t = api.get("/api/v1/tenants/pooled").json();
    int vni = t.get("vni").asInt();
    String prefix = t.get("prefix").asString();
    assertThat(vni).isBetween(10000, 99999);
    assertThat(prefix).startsWith("10.");
    assertThat(t.get("liveGpus").asInt()).isEqualTo(8);

    ApiClient.Response refused = api.delete("/api/v1/tenants/pooled");
    assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
    assertThat(refused.json().get("liveGpus").asInt()).isEqualTo(8);

    String path = "/api/v1/tenants/pooled/allocations/" + alloc.get("id").asString();
    assertThat(api.delete(path).status()).isEqualTo(202);
    // RELEASING still holds the GPUs: the tenant cannot go yet
    assertThat(api.delete("/api/v1/tenants/pooled").status()).isEqualTo(409);
    // done behind the API, as the provisioner does once the ports are verified scrubbed
    jdbc.update(
        "UPDATE allocations SET status = 'RELEASED' WHERE id = ?::uuid",
        alloc.get("id").asString());

    assertThat(api.delete("/api/v1/tenants/pooled").status()).isEqualTo(204);
    assertThat(api.get("/api/v1/tenants/pooled").status()).isEqualTo(404);
    assertThat(
            jdbc.queryForObject("SELECT count(*) FROM vni_releases WHERE vni = ?", Long.class, vni))
        .isEqualTo(1);

    // the name is free again, the VNI and prefix are in quarantine (24 h by default)
    create("pooled", 8);
    api.post("/api/v1/tenants/pooled/allocations", Map.of("gpus", 1));
    JsonNode reborn = api.get("/api/v1/tenants/pooled").json();
    assertThat(reborn.get("vni").asInt()).isNotEqualTo(vni);
    assertThat(reborn.get("prefix").asString()).isNotEqualTo(prefix);
  }

  @Test
  void aTenantTokenSeesOnlyItsOwnTenant() {
    create("own", 4);
    create("other", 4);
    ApiClient own = api.as(Role.TENANT, "own");
    assertThat(own.get("/api/v1/tenants/own").status()).isEqualTo(200);
    ApiClient.Response foreign = own.get("/api/v1/tenants/other");
    assertThat(foreign.status()).isEqualTo(404);
    assertThat(foreign.isProblem()).isTrue();
  }

  @Test
  void deletingATenantRevokesItsTokensSoALaterTenantOfTheSameNameIsNotReachable() {
    create("reused", 4);
    ApiClient old = api.as(Role.TENANT, "reused");
    assertThat(old.get("/api/v1/tenants/reused").status()).isEqualTo(200);

    assertThat(api.delete("/api/v1/tenants/reused").status()).isEqualTo(204);
    create("reused", 4);

    ApiClient.Response stale = old.get("/api/v1/tenants/reused");
    assertThat(stale.status()).as(stale.toString()).isEqualTo(401);
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM api_tokens WHERE tenant = 'reused' AND revoked_at IS NULL",
                Long.class))
        .isZero();
  }

  @Test
  void invalidNamesAndBodiesAre400AndUnknownTenants404() {
    ApiClient malformed = api.sendingMalformedRequests();
    assertThat(malformed.get("/api/v1/tenants/Bad_Name").status()).isEqualTo(400);
    assertThat(api.get("/api/v1/tenants/nobody-here").status()).isEqualTo(404);
    assertThat(api.delete("/api/v1/tenants/nobody-here").status()).isEqualTo(404);
    ApiClient.Response quota =
        malformed.post("/api/v1/tenants", Map.of("name", "q", "displayName", "Q", "gpuQuota", 0));
    assertThat(quota.status()).isEqualTo(400);
    ApiClient.Response name =
        malformed.post(
            "/api/v1/tenants", Map.of("name", "-bad-", "displayName", "B", "gpuQuota", 1));
    assertThat(name.status()).isEqualTo(400);
    assertThat(name.json().get("field").asString()).isEqualTo("name");
  }

  /**
   * A merge patch changes what it names and keeps the rest; a quota below the GPUs the tenant holds
   * is a 409 (audited as a rejected tenant.update), one above the bound a 422, a member of the
   * wrong type, a removal or a member that cannot change a 400, each naming the member.
   */
  @Test
  void aMergePatchChangesQuotaAndDisplayNameWithinBounds() {
    create("patched", 16);
    assertThat(api.post("/api/v1/tenants/patched/allocations", Map.of("gpus", 8)).status())
        .isEqualTo(202);

    ApiClient.Response quota = patch("patched", "{\"gpuQuota\": 12}");
    assertThat(quota.status()).as(quota.toString()).isEqualTo(200);
    assertThat(quota.json().get("gpuQuota").asInt()).isEqualTo(12);
    assertThat(quota.json().get("displayName").asString()).isEqualTo("Tenant patched");
    assertThat(quota.json().get("liveGpus").asInt()).isEqualTo(8);
    ApiClient.Response named = patch("patched", "{\"displayName\": \"Patched Ltd\"}");
    assertThat(named.json().get("displayName").asString()).isEqualTo("Patched Ltd");
    assertThat(api.get("/api/v1/tenants/patched").json().get("gpuQuota").asInt()).isEqualTo(12);

    ApiClient.Response below = patch("patched", "{\"gpuQuota\": 7}");
    assertThat(below.status()).as(below.toString()).isEqualTo(409);
    assertThat(below.json().get("field").asString()).isEqualTo("gpuQuota");
    assertThat(below.json().get("liveGpus").asInt()).isEqualTo(8);
    assertThat(patch("patched", "{\"gpuQuota\": 8}").status()).isEqualTo(200);

    ApiClient malformed = api.sendingMalformedRequests();
    assertField(malformed, "{\"gpuQuota\": 10241}", 422, "gpuQuota");
    assertField(malformed, "{\"gpuQuota\": 0}", 422, "gpuQuota");
    assertField(malformed, "{\"displayName\": \"  \"}", 422, "displayName");
    assertField(malformed, "{\"gpuQuota\": \"lots\"}", 400, "gpuQuota");
    assertField(malformed, "{\"gpuQuota\": null}", 400, "gpuQuota");
    assertField(malformed, "{\"name\": \"other\"}", 400, "name");
    assertField(malformed, "[]", 400, "body");
    ApiClient.Response plainJson =
        malformed.send("PATCH", "/api/v1/tenants/patched", "{\"gpuQuota\": 9}");
    assertThat(plainJson.status()).as(plainJson.toString()).isEqualTo(415);
    assertThat(api.get("/api/v1/tenants/patched").json().get("gpuQuota").asInt()).isEqualTo(8);
    assertThat(patch("nobody-here", "{\"gpuQuota\": 9}").status()).isEqualTo(404);

    List<Map<String, Object>> audited =
        jdbc.queryForList(
            "SELECT outcome, details::text AS details FROM audit_events"
                + " WHERE action = 'tenant.update' AND target = 'patched' ORDER BY id");
    assertThat(audited)
        .extracting(r -> r.get("outcome"))
        .containsExactly("SUCCESS", "SUCCESS", "REJECTED", "SUCCESS");
    assertThat(audited.get(0).get("details").toString()).contains("\"from\": 16", "\"to\": 12");
  }

  private void assertField(ApiClient client, String body, int status, String field) {
    ApiClient.Response r = patch(client, "patched", body);
    assertThat(r.status()).as(body + " -> " + r).isEqualTo(status);
    assertThat(r.json().get("field").asString()).as(body).isEqualTo(field);
  }

  private ApiClient.Response patch(String tenant, String body) {
    return patch(api, tenant, body);
  }

  private static ApiClient.Response patch(ApiClient client, String tenant, String body) {
    return client.send(
        "PATCH", "/api/v1/tenants/" + tenant, body, "Content-Type", "application/merge-patch+json");
  }

  private ApiClient.Response create(String name, int quota) {
    return api.post(
        "/api/v1/tenants",
        Map.of("name", name, "displayName", "Tenant " + name, "gpuQuota", quota));
  }
}
