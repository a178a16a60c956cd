package io.tenantfabric.controller.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The in-memory placement and pool indexes against the database, with two controller processes on
 * one schema, each keeping its own: a change made through one (an allocation, a cordoned GPU, a
 * deleted tenant) moves the intent version, so the other rebuilds before it decides again and never
 * hands out a GPU, VNI or prefix twice, even with both allocating at once.
 */
class PlacementIndexesIT {

  @TempDir Path logs;

  @Test
  void twoInstancesAllocatingAtOnceNeverHandOutAGpuOrPoolTwice() throws Exception {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_indexes");
    try (ControllerProcess a = ControllerProcess.start(schema, logs.resolve("a.log"));
        ControllerProcess b = ControllerProcess.start(schema, logs.resolve("b.log"))) {
      ApiClient apiA = a.api();
      ApiClient apiB = b.api();
      ApiClient.Response fabric = apiA.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024"));
      assertThat(fabric.status()).as(fabric.toString()).isEqualTo(201);

      // each instance warms its indexes, then the other changes what they hold
      allocate(apiA, tenant(apiA, "warm-a", 8), 8);
      allocate(apiB, tenant(apiB, "warm-b", 8), 8);
      List<String> warm = gpus(allocate(apiA, tenant(apiA, "after-b", 8), 8));
      assertThat(warm).as("A saw B's allocation").doesNotContainAnyElementsOf(held(apiB, "warm-b"));

      // a GPU cordoned through B is not placed by A, whose indexes held it free
      String next = preview(apiA, "probe", 1);
      ApiClient.Response cordon = apiB.post("/api/v1/fabric/gpus/" + next + "/cordon", null);
      assertThat(cordon.status()).as(cordon.toString()).isEqualTo(200);
      assertThat(gpus(allocate(apiA, "probe", 1))).doesNotContain(next);

      // both at once: 8 clients, alternating instances, 96 one- to eight-GPU allocations
      ExecutorService pool = Executors.newFixedThreadPool(8);
      List<Future<JsonNode>> results = new ArrayList<>();
      for (int i = 0; i < 96; i++) {
        ApiClient api = i % 2 == 0 ? apiA : apiB;
        String name = "c-" + i;
        int gpus = 1 + i % 8;
        results.add(pool.submit(() -> allocate(api, tenant(api, name, gpus), gpus)));
        if (i % 16 == 15) {
          // a tenant deleted on one side puts its pools in quarantine for both
          ApiClient other = i % 2 == 0 ? apiB : apiA;
          String gone = "gone-" + i;
          results.add(pool.submit(() -> deleteFresh(other, gone)));
        }
      }
      for (Future<JsonNode> f : results) {
        f.get();
      }
      pool.shutdown();

      assertThat(
              SchemaQueries.count(
                  schema,
                  "SELECT count(*) FROM (SELECT gpu_id FROM allocation_gpus WHERE allocation_status"
                      + " IN ('PROVISIONING', 'ACTIVE', 'RELEASING') GROUP BY gpu_id"
                      + " HAVING count(*) > 1) d"))
          .as("no GPU in two live allocations")
          .isZero();
      assertThat(
              SchemaQueries.count(
                  schema,
                  "SELECT count(*) FROM tenants a JOIN tenants b ON a.id < b.id"
                      + " WHERE a.status = 'LIVE' AND b.status = 'LIVE' AND (a.vni = b.vni"
                      + " OR a.prefix::cidr && b.prefix::cidr)"))
          .as("no VNI or prefix on two live tenants")
          .isZero();
      assertThat(
              SchemaQueries.count(
                  schema,
                  "SELECT count(*) FROM allocation_gpus g JOIN gpus p ON p.id = g.gpu_id"
                      + " WHERE p.cordoned"))
          .as("no cordoned GPU placed")
          .isZero();
      assertThat(
              SchemaQueries.count(
                  schema,
                  "SELECT count(*) FROM allocations WHERE status IN ('PROVISIONING', 'ACTIVE')"))
          .isEqualTo(3 + 1 + 96);
    }
  }

  private static String tenant(ApiClient api, String name, int quota) {
    ApiClient.Response r =
        api.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", quota));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    return name;
  }

  private static JsonNode allocate(ApiClient api, String tenant, int gpus) {
    ApiClient.Response r =
        api.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", gpus));
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    return r.json();
  }

  private static JsonNode deleteFresh(ApiClient api, String name) {
    allocate(api, tenant(api, name, 1), 1); // it gets pools, then gives them back
    ApiClient.Response alloc = api.get("/api/v1/tenants/" + name + "/allocations");
    for (JsonNode a : alloc.json().get("items")) {
      api.delete("/api/v1/tenants/" + name + "/allocations/" + a.get("id").asString());
    }
    return alloc.json();
  }

  /** The GPU a one-GPU request of a new tenant would get now, as the database says. */
  private static String preview(ApiClient api, String tenant, int gpus) {
    tenant(api, tenant, gpus);
    ApiClient.Response r =
        api.post("/api/v1/tenants/" + tenant + "/allocations?dryRun=true", Map.of("gpus", gpus));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    return r.json().get("gpus").get(0).get("id").asString();
  }

  private static List<String> gpus(JsonNode allocation) {
    List<String> ids = new ArrayList<>();
    allocation.get("gpus").forEach(g -> ids.add(g.get("id").asString()));
    return ids;
  }

  private static List<String> held(ApiClient api, String tenant) {
    List<String> ids = new ArrayList<>();
    for (JsonNode a : api.get("/api/v1/tenants/" + tenant + "/allocations").json().get("items")) {
      ids.addAll(gpus(a));
    }
    return ids;
  }
}
