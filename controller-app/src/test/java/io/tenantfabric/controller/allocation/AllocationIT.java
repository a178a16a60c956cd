package io.tenantfabric.controller.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.IntentNotifications;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/** Allocations over HTTP: placement, generations, read, list, release, drain/cordon, 4xx. */
@ControllerIT
class AllocationIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired PlacementIndexes indexes;
  @Autowired DataSource dataSource;

  private ApiClient api;

  @BeforeEach
  void fabricAndTenant() {
    api = new ApiClient(port);
    if (api.get("/api/v1/fabric").status() == 404) {
      assertThat(api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
          .isEqualTo(201);
      api.post("/api/v1/tenants", Map.of("name", "acme", "displayName", "Acme", "gpuQuota", 1024));
      api.post("/api/v1/tenants", Map.of("name", "small", "displayName", "Small", "gpuQuota", 4));
    }
  }

  /**
   * An intent change tells the provisioner only when a switch it pushes to moved. This fabric is
   * defined without an inventory, so every switch is UNMANAGED and an allocation waits in
   * PROVISIONING with nothing to push (docs/provisioning.md): no wake-up, and no idle read of the
   * intent for it. Defining the fabric again does tell the provisioner, and PostgreSQL delivers a
   * listener's notifications in the order their transactions committed: the fabric's wake-up
   * arriving first, alone, shows that the allocation sent none (and that the listener hears the
   * channel), with no window of time to wait out. The wake-up with the number of allocations, on
   * managed switches, is in ProvisioningIT.
   */
  @Test
  void anAllocationOnUnmanagedSwitchesDoesNotWakeTheProvisioner() throws Exception {
    try (IntentNotifications told = IntentNotifications.listen(dataSource)) {
      ApiClient.Response r = api.post("/api/v1/tenants/acme/allocations", Map.of("gpus", 2));
      assertThat(r.status()).as(r.toString()).isEqualTo(202);
      ApiClient.Response again = api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024"));
      assertThat(again.status()).as(again.toString()).isEqualTo(200);
      assertThat(told.first(Duration.ofSeconds(10))).containsExactly("");
    }
  }

  @Test
  void allocationBindsGpusWithTheirLeafPortsAndBumpsEveryTouchedLeaf() {
    ApiClient.Response r = api.post("/api/v1/tenants/acme/allocations", Map.of("gpus", 8));
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    JsonNode body = r.json();
    assertThat(body.get("status").asString()).isEqualTo("PROVISIONING");
    assertThat(body.get("tenant").asString()).isEqualTo("acme");
    List<String> leaves = new ArrayList<>();
    for (JsonNode g : body.get("gpus")) {
      assertThat(g.get("id").asString()).startsWith(g.get("server").asString() + "/");
      assertThat(g.get("port").asString()).startsWith("FourHundredGigE1/0/");
      String stored =
          jdbc.queryForObject(
              "SELECT leaf || ' ' || port FROM gpus WHERE id = ?",
              String.class,
              g.get("id").asString());
      assertThat(stored).isEqualTo(g.get("leaf").asString() + " " + g.get("port").asString());
      leaves.add(g.get("leaf").asString());
    }
    // 8 GPUs = one whole server, whose GPUs sit on 8 rail leaves
    assertThat(leaves).doesNotHaveDuplicates().hasSize(8);
    for (String leaf : leaves) {
      assertThat(
              jdbc.queryForObject(
                  "SELECT desired_generation FROM switches WHERE name = ?", Long.class, leaf))
          .isGreaterThanOrEqualTo(2);
    }
    String location = r.header("Location").orElseThrow();
    assertThat(location).isEqualTo("/api/v1/tenants/acme/allocations/" + body.get("id").asString());
    ApiClient.Response one = api.get(location);
    assertThat(one.status()).isEqualTo(200);
    // the reply is built from the decision, not read back: a read shows the same allocation
    for (String field : List.of("gpus", "pendingSwitches", "createdAt", "updatedAt", "health")) {
      assertThat(one.json().get(field)).as(field).isEqualTo(body.get(field));
    }
    assertThat(body.get("pendingSwitches").valueStream().map(JsonNode::asString))
        .containsExactlyInAnyOrderElementsOf(leaves);
    JsonNode list = api.get("/api/v1/tenants/acme/allocations?size=200").json();
    assertThat(list.get("items").findValuesAsString("id")).contains(body.get("id").asString());
  }

  @Test
  void releaseMovesToReleasingKeepsTheGpusBoundAndBumpsGenerationsAgain() {
    JsonNode a = api.post("/api/v1/tenants/acme/allocations", Map.of("gpus", 2)).json();
    String path = "/api/v1/tenants/acme/allocations/" + a.get("id").asString();
    String leaf = a.get("gpus").get(0).get("leaf").asString();
    long before = generation(leaf);

    ApiClient.Response released = api.delete(path);
    assertThat(released.status()).as(released.toString()).isEqualTo(202);
    assertThat(released.json().get("status").asString()).isEqualTo("RELEASING");
    assertThat(generation(leaf)).isEqualTo(before + 1);
    // the reply shows what a read shows: the switches the scrub waits for, the same GPUs
    JsonNode read = api.get(path).json();
    for (String field : List.of("status", "gpus", "pendingSwitches", "updatedAt", "health")) {
      assertThat(released.json().get(field)).as(field).isEqualTo(read.get(field));
    }
    assertThat(released.json().get("pendingSwitches").valueStream().map(JsonNode::asString))
        .contains(leaf);
    // GPUs stay bound until the provisioner verified the ports scrubbed
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM allocation_gpus WHERE allocation_id = ?::uuid"
                    + " AND allocation_status = 'RELEASING'",
                Long.class,
                a.get("id").asString()))
        .isEqualTo(2);

    ApiClient.Response again = api.delete(path);
    assertThat(again.status()).isEqualTo(202);
    assertThat(generation(leaf)).isEqualTo(before + 1);
  }

  @Test
  void placementSkipsDrainedLeavesAndCordonedGpus() {
    assertThat(api.post("/api/v1/fabric/devices/leaf-32/drain", null).status()).isEqualTo(200);
    assertThat(api.post("/api/v1/fabric/gpus/gpu-node-128/0/cordon", null).status()).isEqualTo(200);
    try {
      int free = api.get("/api/v1/fabric").json().get("totals").get("free").asInt();
      ApiClient.Response tooMany =
          api.post("/api/v1/tenants/acme/allocations", Map.of("gpus", free + 1));
      assertThat(tooMany.status()).as(tooMany.toString()).isEqualTo(409);
      assertThat(tooMany.json().get("free").asInt()).isEqualTo(free);

      ApiClient.Response all = api.post("/api/v1/tenants/acme/allocations", Map.of("gpus", free));
      assertThat(all.status()).as(all.toString()).isEqualTo(202);
      for (JsonNode g : all.json().get("gpus")) {
        assertThat(g.get("leaf").asString()).isNotEqualTo("leaf-32");
        assertThat(g.get("id").asString()).isNotEqualTo("gpu-node-128/0");
      }
      api.delete(all.header("Location").orElseThrow());
    } finally {
      api.post("/api/v1/fabric/devices/leaf-32/undrain", null);
      api.post("/api/v1/fabric/gpus/gpu-node-128/0/uncordon", null);
    }
  }

  @Test
  void concurrentFirstAllocationsOfOneTenantShareItsQuotaAndOnePool() throws Exception {
    // requests that arrive together are decided in one group: each must see the GPUs and the
    // pools the ones before it in the group took, though none of them is committed yet
    api.post("/api/v1/tenants", Map.of("name", "crowd", "displayName", "Crowd", "gpuQuota", 8));
    int requests = 6; // 2 GPUs each: 4 fit the quota of 8
    CyclicBarrier start = new CyclicBarrier(requests);
    ExecutorService clients = Executors.newFixedThreadPool(requests);
    List<Integer> statuses = new ArrayList<>();
    try {
      List<Future<ApiClient.Response>> replies = new ArrayList<>();
      for (int i = 0; i < requests; i++) {
        replies.add(
            clients.submit(
                () -> {
                  start.await();
                  return api.post("/api/v1/tenants/crowd/allocations", Map.of("gpus", 2));
                }));
      }
      for (Future<ApiClient.Response> f : replies) {
        ApiClient.Response r = f.get(60, TimeUnit.SECONDS);
        statuses.add(r.status());
        if (r.status() == 409) {
          assertThat(r.json().get("quota").asInt()).as(r.toString()).isEqualTo(8);
        }
      }
    } finally {
      clients.shutdownNow();
    }
    assertThat(statuses).containsExactlyInAnyOrder(202, 202, 202, 202, 409, 409);
    JsonNode crowd = api.get("/api/v1/tenants/crowd").json();
    assertThat(crowd.get("liveGpus").asInt()).isEqualTo(8);
    assertThat(crowd.get("vni").isNull()).as("pools given on the first allocation").isFalse();
    assertThat(
            jdbc.queryForObject(
                "SELECT count(*) FROM tenants WHERE status = 'LIVE' AND vni = ?",
                Long.class,
                crowd.get("vni").asInt()))
        .isEqualTo(1);
  }

  @Test
  void anAllocationHandsItsIndexesOnAtTheVersionItLeft() {
    String path = "/api/v1/tenants/acme/allocations";
    assertThat(api.post(path, Map.of("gpus", 1)).status()).isEqualTo(202); // may rebuild
    long rebuilds = indexes.rebuilds();
    for (int i = 0; i < 3; i++) {
      assertThat(api.post(path, Map.of("gpus", 1)).status()).isEqualTo(202);
    }
    assertThat(indexes.rebuilds())
        .as("each allocation found the indexes valid at the version the one before left")
        .isEqualTo(rebuilds);
  }

  @Test
  void quotaIsA409WithTheQuotaFigures() {
    ApiClient.Response r = api.post("/api/v1/tenants/small/allocations", Map.of("gpus", 5));
    assertThat(r.status()).as(r.toString()).isEqualTo(409);
    assertThat(r.json().get("quota").asInt()).isEqualTo(4);
    assertThat(r.json().get("requested").asInt()).isEqualTo(5);
    assertThat(r.json().get("field").asString()).isEqualTo("gpus");
  }

  @Test
  void unknownAndMalformedAddressesAreClientErrors() {
    ApiClient.Response unknown = api.get("/api/v1/tenants/acme/allocations/" + UUID.randomUUID());
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.json().get("title").asString()).isEqualTo("Allocation not found");
    ApiClient.Response acmes = api.post("/api/v1/tenants/acme/allocations", Map.of("gpus", 1));
    assertThat(acmes.status()).as(acmes.toString()).isEqualTo(202);
    String id = acmes.json().get("id").asString();
    ApiClient.Response elsewhere = api.get("/api/v1/tenants/small/allocations/" + id);
    assertThat(elsewhere.status())
        .as("acme's allocation under another tenant's address")
        .isEqualTo(404);
    assertThat(elsewhere.json().get("title").asString()).isEqualTo("Allocation not found");
    ApiClient.Response nobody = api.get("/api/v1/tenants/nobody/allocations/" + id);
    assertThat(nobody.status()).isEqualTo(404);
    assertThat(nobody.json().get("title").asString()).isEqualTo("Tenant not found");
    ApiClient malformed = api.sendingMalformedRequests();
    assertThat(malformed.get("/api/v1/tenants/acme/allocations/not-a-uuid").status())
        .isEqualTo(400);
    assertThat(api.post("/api/v1/tenants/nobody/allocations", Map.of("gpus", 1)).status())
        .isEqualTo(404);
    assertThat(malformed.post("/api/v1/tenants/Bad_Name/allocations", Map.of("gpus", 1)).status())
        .isEqualTo(400);
    ApiClient.Response zero = malformed.post("/api/v1/tenants/acme/allocations", Map.of("gpus", 0));
    assertThat(zero.status()).isEqualTo(400);
    assertThat(zero.isProblem()).isTrue();
  }

  private long generation(String leaf) {
    return jdbc.queryForObject(
        "SELECT desired_generation FROM switches WHERE name = ?", Long.class, leaf);
  }

  /**
   * Every tenant's allocations, newest first, page by page on (createdAt, id): the pages join up
   * without a gap or a repeat, a status filter keeps only its own, and a malformed or unknown
   * {@code after} is a 400 naming it.
   */
  @Test
  void everyTenantsAllocationsArePagedNewestFirstByKeyset() {
    List<String> made = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      String tenant = i % 2 == 0 ? "acme" : "small";
      ApiClient.Response r =
          api.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", 1));
      assertThat(r.status()).as(r.toString()).isEqualTo(202);
      made.add(r.json().get("id").asString());
    }
    List<String> seen = new ArrayList<>();
    String after = null;
    do {
      ApiClient.Response page =
          api.get("/api/v1/allocations?limit=2" + (after == null ? "" : "&after=" + after));
      assertThat(page.status()).as(page.toString()).isEqualTo(200);
      assertThat(page.json().get("items").size()).isLessThanOrEqualTo(2);
      page.json().get("items").forEach(a -> seen.add(a.get("id").asString()));
      JsonNode next = page.json().get("nextAfter");
      after = next.isNull() ? null : next.asString();
    } while (after != null);
    assertThat(seen).doesNotHaveDuplicates();
    assertThat(seen).containsSubsequence(reversed(made));
    Integer total = jdbc.queryForObject("SELECT count(*) FROM allocations", Integer.class);
    assertThat(seen).hasSize(total);

    ApiClient.Response released = api.delete("/api/v1/tenants/small/allocations/" + made.get(1));
    assertThat(released.status()).as(released.toString()).isEqualTo(202);
    JsonNode releasing = api.get("/api/v1/allocations?status=RELEASING&limit=200").json();
    releasing
        .get("items")
        .forEach(a -> assertThat(a.get("status").asString()).isEqualTo("RELEASING"));
    List<String> releasingIds = new ArrayList<>();
    releasing.get("items").forEach(a -> releasingIds.add(a.get("id").asString()));
    assertThat(releasingIds).contains(made.get(1));

    ApiClient malformed = api.sendingMalformedRequests();
    ApiClient.Response bad = malformed.get("/api/v1/allocations?after=not-a-uuid");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.json().get("field").asString()).isEqualTo("after");
    ApiClient.Response unknown =
        malformed.get("/api/v1/allocations?after=3f0c6a9e-1b2c-4d5e-8f90-123456789abc");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.json().get("field").asString()).isEqualTo("after");
    ApiClient.Response status = malformed.get("/api/v1/allocations?status=LIVE");
    assertThat(status.status()).isEqualTo(400);
    assertThat(status.json().get("field").asString()).isEqualTo("status");
    assertThat(malformed.get("/api/v1/allocations?limit=201").status()).isEqualTo(400);
  }

  private static List<String> reversed(List<String> in) {
    List<String> out = new ArrayList<>(in);
    java.util.Collections.reverse(out);
    return out;
  }
}
