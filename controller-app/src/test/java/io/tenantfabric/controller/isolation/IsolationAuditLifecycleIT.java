package io.tenantfabric.controller.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.OnboardedFabric;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * How audit runs live, on real PostgreSQL and the emulated fabric: a provisioning batch is audited
 * after it (the allocation was ACTIVE first); a run a stopped leader left RUNNING ends FAILED when
 * an instance takes the lead (here: this one, after its lock session is cut); bad requests get
 * problems naming the field.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IsolationAuditLifecycleIT {

  @RegisterExtension final OnboardedFabric fabric = new OnboardedFabric("h3c-s9825-1024");
  @Autowired TestDatabases.Schema schema;
  @Autowired JdbcTemplate jdbc;

  ApiClient api;

  @BeforeAll
  void fabricOnboarded() {
    api = fabric.api();
  }

  @Test
  void theSwitchesABatchChangedAreAuditedAfterIt() {
    Instant asked = Instant.now();
    ApiClient.Response t =
        api.post("/api/v1/tenants", Map.of("name", "batch", "displayName", "b", "gpuQuota", 8));
    assertThat(t.status()).as(t.toString()).isEqualTo(201);
    ApiClient.Response a =
        api.post("/api/v1/tenants/batch/allocations?wait=PT60S", Map.of("gpus", 8));
    assertThat(a.status()).as(a.toString()).isEqualTo(200);
    assertThat(a.json().get("status").asString()).isEqualTo("ACTIVE");
    TreeSet<String> leaves = new TreeSet<>();
    a.json().get("gpus").forEach(g -> leaves.add(g.get("leaf").asString()));

    AtomicReference<JsonNode> seen = new AtomicReference<>();
    boolean audited =
        EmulatedFabrics.eventually(
            Duration.ofSeconds(60),
            () -> {
              for (JsonNode run : api.get("/api/v1/audits/isolation?limit=50").json()) {
                if (run.get("trigger").asString().equals("batch")
                    && Instant.parse(run.get("requestedAt").asString()).isAfter(asked)
                    && run.get("finishedAt") != null
                    && !run.get("finishedAt").isNull()
                    && texts(run.get("scope")).containsAll(leaves)) {
                  seen.set(run);
                  return true;
                }
              }
              return false;
            });
    assertThat(audited).as("a batch audit covering %s", leaves).isTrue();
    JsonNode run = api.get("/api/v1/audits/isolation/" + seen.get().get("id").asString()).json();
    assertThat(run.get("status").asString()).as(run.toString()).isEqualTo("CLEAN");
    assertThat(run.get("timings").get("switchesRead").asInt()).isGreaterThanOrEqualTo(8);
  }

  @Test
  void aRunAStoppedLeaderLeftRunningEndsFailedWhenAnInstanceTakesTheLead() {
    UUID id = UUID.randomUUID();
    Timestamp then = Timestamp.from(Instant.now().minusSeconds(30));
    jdbc.update(
        "INSERT INTO isolation_audits (id, trigger, status, requested_at, started_at)"
            + " VALUES (?, 'API', 'RUNNING', ?, ?)",
        id,
        then,
        then);
    // cut this instance's lock session, as a crash of the leader's database link would: it loses
    // the lead, takes it again, and as a new leader fails what was left running
    assertThat(
            SchemaQueries.count(
                schema,
                "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_locks"
                    + " WHERE locktype = 'advisory' AND granted"
                    + " AND classid = x'74666162'::int::oid AND objid = hashtext('"
                    + schema.name()
                    + "')::oid AND objsubid = 2) t"))
        .isEqualTo(1);
    boolean failed =
        EmulatedFabrics.eventually(
            Duration.ofSeconds(60),
            () ->
                api.get("/api/v1/audits/isolation/" + id)
                    .json()
                    .get("status")
                    .asString()
                    .equals("FAILED"));
    JsonNode run = api.get("/api/v1/audits/isolation/" + id).json();
    assertThat(failed).as(run.toString()).isTrue();
    assertThat(run.get("failure").asString()).contains("stopped");
    // and the new leader still audits
    JsonNode after = api.post("/api/v1/audits/isolation?wait=PT60S", Map.of()).json();
    assertThat(after.get("status").asString()).as(after.toString()).isEqualTo("CLEAN");
  }

  @Test
  void badRequestsNameTheField() {
    ApiClient malformedRequests = api.sendingMalformedRequests();
    ApiClient.Response empty =
        malformedRequests.post("/api/v1/audits/isolation", Map.of("switches", List.of()));
    assertThat(empty.status()).as(empty.toString()).isEqualTo(400);
    assertThat(empty.json().get("field").asString()).isEqualTo("switches");

    ApiClient.Response malformed =
        malformedRequests.post(
            "/api/v1/audits/isolation", Map.of("switches", List.of("leaf-01", "Leaf 2")));
    assertThat(malformed.status()).as(malformed.toString()).isEqualTo(400);
    assertThat(malformed.json().get("field").asString()).isEqualTo("switches[1]");

    ApiClient.Response unknown =
        api.post("/api/v1/audits/isolation", Map.of("switches", List.of("leaf-99")));
    assertThat(unknown.status()).as(unknown.toString()).isEqualTo(422);
    assertThat(unknown.json().get("field").asString()).isEqualTo("switches[0]");

    ApiClient.Response noSuchRun = api.get("/api/v1/audits/isolation/" + UUID.randomUUID());
    assertThat(noSuchRun.status()).as(noSuchRun.toString()).isEqualTo(404);
    assertThat(noSuchRun.isProblem()).isTrue();

    ApiClient.Response badId = malformedRequests.get("/api/v1/audits/isolation/not-a-uuid");
    assertThat(badId.status()).as(badId.toString()).isEqualTo(400);
    assertThat(badId.json().get("field").asString()).isEqualTo("id");

    long before = SchemaQueries.count(schema, "SELECT count(*) FROM isolation_audits");
    assertThat(
            malformedRequests
                .post("/api/v1/audits/isolation", Map.of("switches", List.of("x y")))
                .status())
        .isEqualTo(400);
    assertThat(SchemaQueries.count(schema, "SELECT count(*) FROM isolation_audits"))
        .as("nothing recorded for a refused request")
        .isEqualTo(before);
  }

  private static List<String> texts(JsonNode array) {
    if (array == null || array.isNull()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }
}
