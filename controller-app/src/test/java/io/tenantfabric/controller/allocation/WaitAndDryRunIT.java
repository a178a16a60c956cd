package io.tenantfabric.controller.allocation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * {@code ?wait=} and {@code ?dryRun=} without switches to provision (the fabric has no inventory,
 * so allocations stay PROVISIONING): bounds of {@code wait}, the timeout answer, and a dry run that
 * stores nothing, not even an audit event.
 */
@ControllerIT
class WaitAndDryRunIT {

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private ApiClient api;

  @BeforeEach
  void fabricAndTenant() {
    api = new ApiClient(port);
    if (api.get("/api/v1/fabric").status() == 404) {
      assertThat(api.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
          .isEqualTo(201);
      api.post("/api/v1/tenants", Map.of("name", "waiter", "displayName", "W", "gpuQuota", 64));
    }
  }

  @Test
  void waitIsAnIsoDurationOfAtMostOneMinute() {
    for (String bad : List.of("PT61S", "PT2M", "abc", "-PT1S", "10")) {
      ApiClient.Response r =
          api.post("/api/v1/tenants/waiter/allocations?wait=" + bad, Map.of("gpus", 1));
      assertThat(r.status()).as(bad + ": " + r).isEqualTo(400);
      assertThat(r.json().get("field").asString()).isEqualTo("wait");
    }
    ApiClient.Response release =
        api.delete(
            "/api/v1/tenants/waiter/allocations/00000000-0000-0000-0000-000000000000?wait=PT90S");
    assertThat(release.status()).isEqualTo(400);
    assertThat(release.json().get("field").asString()).isEqualTo("wait");
  }

  @Test
  void aWaitThatRunsOutAnswers202WithTheAllocationAsItIs() {
    ApiClient.Response r =
        api.post("/api/v1/tenants/waiter/allocations?wait=PT0.5S", Map.of("gpus", 2));
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    assertThat(r.json().get("status").asString()).isEqualTo("PROVISIONING");
    assertThat(r.json().get("pendingSwitches")).isNotEmpty();
    assertThat(r.header("Location")).isPresent();
  }

  @Test
  void anIdempotencyKeyReplaysWhateverTheWait() {
    String path = "/api/v1/tenants/waiter/allocations";
    ApiClient.Response first = api.post(path, Map.of("gpus", 1), "Idempotency-Key", "same-body");
    ApiClient.Response again =
        api.post(path + "?wait=PT0.2S", Map.of("gpus", 1), "Idempotency-Key", "same-body");
    assertThat(first.status()).isEqualTo(202);
    assertThat(again.json().get("id")).isEqualTo(first.json().get("id"));
    assertThat(again.header("Idempotent-Replayed")).contains("true");
  }

  @Test
  void aDryRunShowsPlacementAndStepsAndStoresNothing() {
    String before = everything();
    ApiClient.Response r =
        api.post("/api/v1/tenants/waiter/allocations?dryRun=true", Map.of("gpus", 8));
    assertThat(r.status()).as(r.toString()).isEqualTo(200);
    JsonNode plan = r.json();
    assertThat(plan.get("dryRun").asBoolean()).isTrue();
    assertThat(plan.get("gpus")).hasSize(8);
    assertThat(plan.get("switches")).hasSize(8); // one server: one GPU per rail leaf
    JsonNode steps = plan.get("switches").get(0).get("steps");
    assertThat(steps.toString()).contains("t-waiter");
    assertThat(everything()).as("nothing stored, not even an audit event").isEqualTo(before);

    ApiClient.Response tooMany =
        api.post("/api/v1/tenants/waiter/allocations?dryRun=true", Map.of("gpus", 65));
    assertThat(tooMany.status()).isEqualTo(409);
    assertThat(tooMany.json().get("title").asString()).isEqualTo("Quota exceeded");
    assertThat(everything()).isEqualTo(before);
  }

  private String everything() {
    StringBuilder b = new StringBuilder();
    for (String table :
        List.of(
            "tenants",
            "allocations",
            "allocation_gpus",
            "allocation_switch_generations",
            "switches",
            "idempotency_records",
            "audit_events")) {
      b.append(table)
          .append('=')
          .append(
              jdbc.queryForObject(
                  "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY"
                      + " t::text)), '-') FROM "
                      + table
                      + " t",
                  String.class))
          .append('\n');
    }
    return b.toString();
  }
}
