package io.tenantfabric.controller.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Bounded work: an oversized fabric definition is refused before anything is built, and a request
 * that would wait on a held fabric lock fails fast with a 503 that says when to retry, instead of
 * queueing every request behind it.
 */
@ControllerIT
@TestPropertySource(properties = "fabric.db.timeouts.intent-lock=300ms")
class BoundedWorkIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired TestDatabases.Schema schema;

  @Test
  void aFabricAboveTwiceTheLargestPresetIs422AndChangesNothing() {
    ApiClient api = new ApiClient(port);
    Map<String, Object> spec =
        Map.ofEntries(
            Map.entry("name", "too-big"),
            Map.entry("tiers", 3),
            Map.entry("pods", 21),
            Map.entry("spinesPerPod", 32),
            Map.entry("leavesPerPod", 32),
            Map.entry("superSpines", 160),
            Map.entry("leafDownlinks", 32),
            Map.entry("leafUplinksPerSpine", 1),
            Map.entry("spineUplinks", 32));
    String before = fabricState();

    ApiClient.Response r = api.put("/api/v1/fabric", Map.of("spec", spec));

    assertThat(r.status()).as(r.toString()).isEqualTo(422);
    assertThat(r.isProblem()).isTrue();
    assertThat(r.body()).contains("fabric-size").contains("21504 GPUs");
    assertThat(fabricState()).isEqualTo(before);
  }

  @Test
  void anAllocationBehindAHeldFabricLockFailsFastWith503AndRetryAfter() throws Exception {
    ApiClient api = new ApiClient(port);
    if (count("fabric") == 0) {
      assertThat(api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
          .isEqualTo(201);
    }
    api.post("/api/v1/tenants", Map.of("name", "waiter", "displayName", "W", "gpuQuota", 8));
    long allocationsBefore = count("allocations");

    try (Connection holder = schema.connect();
        Statement st = holder.createStatement()) {
      holder.setAutoCommit(false);
      st.execute("SELECT * FROM fabric FOR UPDATE"); // a long fabric change in flight

      ApiClient.Response r = api.post("/api/v1/tenants/waiter/allocations", Map.of("gpus", 1));

      assertThat(r.status()).as(r.toString()).isEqualTo(503);
      assertThat(r.isProblem()).isTrue();
      assertThat(r.header("Retry-After")).hasValue("1");
      assertThat(r.json().get("detail").asString()).contains("changed nothing");
      holder.rollback();
    }
    assertThat(count("allocations")).isEqualTo(allocationsBefore);
    ApiClient.Response after = api.post("/api/v1/tenants/waiter/allocations", Map.of("gpus", 1));
    assertThat(after.status()).as(after.toString()).isEqualTo(202);
  }

  private String fabricState() {
    return jdbc.queryForObject(
        "SELECT (SELECT count(*) FROM fabric) || '/' || coalesce((SELECT revision::text FROM"
            + " fabric), '-') || '/' || (SELECT count(*) FROM switches) || '/' || (SELECT count(*)"
            + " FROM ports) || '/' || (SELECT count(*) FROM gpus)",
        String.class);
  }

  private long count(String table) {
    return jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class);
  }
}
