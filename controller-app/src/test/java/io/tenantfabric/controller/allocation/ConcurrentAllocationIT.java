package io.tenantfabric.controller.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * 64 allocation requests at once over HTTP against the 1024-GPU preset, asking for 1512 GPUs in
 * all: every answer is a 202 or a 409 problem stating the free capacity, the database never holds a
 * GPU in two live allocations, and the GPUs bound equal the sum of the 202s.
 */
@ControllerIT
class ConcurrentAllocationIT {
  private static final Logger LOG = LoggerFactory.getLogger(ConcurrentAllocationIT.class);

  private static final int[] SIZES = {8, 16, 32, 4, 64, 1, 24, 40}; // x 8 = 1512 > 1024
  private static final int REQUESTS = 64;
  private static final int TENANTS = 8;

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  @Test
  void sixtyFourConcurrentAllocationsNeverShareAGpuAndFailuresStateTheFreeCapacity()
      throws Exception {
    ApiClient api = new ApiClient(port);
    assertThat(api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
        .isEqualTo(201);
    for (int t = 0; t < TENANTS; t++) {
      assertThat(
              api.post(
                      "/api/v1/tenants",
                      Map.of("name", "load-" + t, "displayName", "Load " + t, "gpuQuota", 1024))
                  .status())
          .isEqualTo(201);
    }

    ExecutorService pool = Executors.newFixedThreadPool(REQUESTS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<ApiClient.Response>> futures = new ArrayList<>();
    try {
      for (int i = 0; i < REQUESTS; i++) {
        int size = SIZES[i % SIZES.length];
        String tenant = "load-" + (i % TENANTS);
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return api.post(
                      "/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", size));
                }));
      }
      start.countDown();
      int accepted = 0;
      int refused = 0;
      long grantedGpus = 0;
      for (int i = 0; i < REQUESTS; i++) {
        ApiClient.Response r = futures.get(i).get(120, TimeUnit.SECONDS);
        int size = SIZES[i % SIZES.length];
        // requests committed in one group are still audited each as its own request
        String requestId = r.header("X-Request-Id").orElseThrow();
        List<Map<String, Object>> audited =
            jdbc.queryForList(
                "SELECT outcome, target FROM audit_events"
                    + " WHERE action = 'allocation.create' AND request_id = ?",
                requestId);
        assertThat(audited).as("the audit event of request %s", requestId).hasSize(1);
        assertThat(audited.get(0).get("outcome"))
            .isEqualTo(r.status() == 202 ? "SUCCESS" : "REJECTED");
        if (r.status() == 202) {
          accepted++;
          JsonNode body = r.json();
          assertThat(body.get("status").asString()).isEqualTo("PROVISIONING");
          assertThat(body.get("gpus").size()).isEqualTo(size);
          assertThat(audited.get(0).get("target")).isEqualTo(body.get("id").asString());
          assertThat(r.header("Location"))
              .hasValueSatisfying(l -> l.contains(body.get("id").asString()));
          grantedGpus += size;
        } else {
          assertThat(r.status()).as(r.toString()).isEqualTo(409);
          assertThat(r.isProblem()).isTrue();
          JsonNode problem = r.json();
          int free = problem.get("free").asInt();
          assertThat(problem.get("requested").asInt()).isEqualTo(size);
          assertThat(free).isLessThan(size);
          assertThat(problem.get("detail").asString()).contains("only " + free + " are free");
          refused++;
        }
      }
      assertThat(accepted + refused).isEqualTo(REQUESTS);
      assertThat(refused).as("1512 GPUs asked of 1024: some must be refused").isPositive();
      assertThat(accepted).isPositive();

      // the database's view, not the responses'
      assertThat(
              jdbc.queryForList(
                  "SELECT gpu_id FROM allocation_gpus"
                      + " WHERE allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')"
                      + " GROUP BY gpu_id HAVING count(*) > 1"))
          .isEmpty();
      Long bound =
          jdbc.queryForObject(
              "SELECT count(*) FROM allocation_gpus"
                  + " WHERE allocation_status IN ('PROVISIONING', 'ACTIVE', 'RELEASING')",
              Long.class);
      assertThat(bound).isEqualTo(grantedGpus);
      assertThat(jdbc.queryForObject("SELECT count(*) FROM allocations", Long.class))
          .isEqualTo(accepted);
      assertThat(api.get("/api/v1/fabric").json().get("totals").get("allocated").asLong())
          .isEqualTo(grantedGpus);
      LOG.info(
          "{} accepted ({} GPUs), {} refused, in {} transactions",
          accepted,
          grantedGpus,
          refused,
          jdbc.queryForObject("SELECT count(DISTINCT xmin::text) FROM allocations", Long.class));
    } finally {
      pool.shutdownNow();
    }
  }
}
