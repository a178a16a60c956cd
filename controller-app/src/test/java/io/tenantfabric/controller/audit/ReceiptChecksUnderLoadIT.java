package io.tenantfabric.controller.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerIT;
import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Receipt checks over a long trail, from many TENANT tokens at once, on a small connection pool:
 * past the bounds (two at once, one per tenant) they are refused with 429 problems before they take
 * a connection, so an OPERATOR's reads keep answering; a check walks from the nearest trusted
 * checkpoint, not the whole trail; it holds its connection no longer than its timeout; and a pool
 * with no connection to give is a 503 even in the bearer token's lookup.
 */
@ControllerIT
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestPropertySource(
    properties = {
      "spring.datasource.hikari.maximum-pool-size=4",
      "spring.datasource.hikari.connection-timeout=1000",
      "fabric.audit.receipt-timeout=3s",
      "fabric.audit.receipt-concurrency=2",
      "fabric.audit.receipt-concurrency-per-caller=1"
    })
class ReceiptChecksUnderLoadIT {

  static final int TENANTS = 12;
  static final int TRAIL = 20_000;

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired DataSource dataSource;
  @Autowired TestDatabases.Schema schema;
  @Autowired AuditCheckpoints checkpoints;

  private final ExecutorService pool = Executors.newFixedThreadPool(TENANTS + 2);
  private ApiClient operator;
  private final List<ApiClient> tenants = new ArrayList<>();
  private final List<Event> events = new ArrayList<>();
  private ApiClient firstTenantAgain;
  private Event late;

  record Event(long id, String hash) {}

  @BeforeAll
  void tenantsTheirEventsAndALongTrailWithCheckpoints() {
    operator = new ApiClient(port);
    assertThat(operator.put("/api/v1/fabric", Map.of("preset", "h3c-s9825-1024")).status())
        .isEqualTo(201);
    for (int i = 0; i < TENANTS; i++) {
      String name = String.format("flood-%02d", i);
      tenant(name);
      tenants.add(operator.as(Role.TENANT, name));
      events.add(tenantCreate(name));
    }
    firstTenantAgain = operator.as(Role.TENANT, "flood-00");
    seed(TRAIL);
    tenant("late");
    late = tenantCreate("late");
    assertThat(checkpoints.checkpoint().ok()).isTrue(); // vouches for 'late' and the trail before
    seed(1_000);
    assertThat(checkpoints.checkpoint().ok()).isTrue(); // and for the events since
  }

  @AfterAll
  void stopThreads() {
    pool.shutdownNow();
  }

  @Test
  void aDozenTenantsCheckingAtOnceGet429sPastTheBoundWhileTheOperatorIsServed() throws Exception {
    AtomicBoolean flooding = new AtomicBoolean(true);
    List<Integer> operatorStatuses = new CopyOnWriteArrayList<>();
    Future<?> poller =
        pool.submit(
            () -> {
              while (flooding.get()) {
                operatorStatuses.add(operator.get("/api/v1/fabric").status());
              }
            });
    CyclicBarrier start = new CyclicBarrier(TENANTS);
    List<Future<ApiClient.Response>> checks = new ArrayList<>();
    for (int i = 0; i < TENANTS; i++) {
      ApiClient tenant = tenants.get(i);
      Event e = events.get(i);
      checks.add(
          pool.submit(
              () -> {
                start.await();
                return receipt(tenant, e);
              }));
    }
    List<ApiClient.Response> answers = new ArrayList<>();
    for (Future<ApiClient.Response> f : checks) {
      answers.add(f.get(60, TimeUnit.SECONDS));
    }
    flooding.set(false);
    poller.get(30, TimeUnit.SECONDS);

    assertThat(operatorStatuses).isNotEmpty().containsOnly(200);
    assertThat(answers)
        .allSatisfy(r -> assertThat(r.status()).as(r.toString()).isIn(200, 429))
        .filteredOn(r -> r.status() == 429)
        .isNotEmpty()
        .allSatisfy(
            r -> {
              assertThat(r.isProblem()).as(r.toString()).isTrue();
              assertThat(r.header("Retry-After")).as(r.toString()).hasValue("1");
            });
    assertThat(answers)
        .filteredOn(r -> r.status() == 200)
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.json().get("chainIntact").asBoolean()).isTrue());
  }

  @Test
  void twoChecksForOneTenantAtOnceAreOneTooMany() throws Exception {
    CyclicBarrier start = new CyclicBarrier(2);
    List<Future<ApiClient.Response>> checks = new ArrayList<>();
    for (ApiClient tenant : List.of(tenants.get(0), firstTenantAgain)) {
      checks.add(
          pool.submit(
              () -> {
                start.await();
                return receipt(tenant, events.get(0));
              }));
    }
    List<Integer> statuses = new ArrayList<>();
    for (Future<ApiClient.Response> f : checks) {
      ApiClient.Response r = f.get(60, TimeUnit.SECONDS);
      statuses.add(r.status());
      if (r.status() == 429) {
        assertThat(r.json().get("detail").asString()).contains("this tenant");
      }
    }
    assertThat(statuses).containsExactlyInAnyOrder(200, 429);
  }

  @Test
  void aCheckWalksFromTheNearestTrustedCheckpointNotTheWholeTrail() {
    JsonNode r = receipt(operator, late).json();
    assertThat(r.get("matches").asBoolean()).as(r.toString()).isTrue();
    assertThat(r.get("chainIntact").asBoolean()).as(r.toString()).isTrue();
    // 'late' to the event the first checkpoint after it vouched for, then from the event the
    // latest one vouched for to the head: a handful of events, where the trail holds 1,000 more
    assertThat(r.get("checkedEvents").asLong()).isLessThan(100);
  }

  @Test
  void aCheckHoldsItsConnectionNoLongerThanItsTimeout() throws Exception {
    try (Connection owner = schema.connectAsOwner();
        Statement st = owner.createStatement()) {
      owner.setAutoCommit(false);
      // nothing can read the trail until this transaction ends
      st.execute("LOCK TABLE audit_events IN ACCESS EXCLUSIVE MODE");
      long t0 = System.nanoTime();
      ApiClient.Response r = receipt(tenants.get(1), events.get(1));
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
      owner.rollback();
      assertThat(r.status()).as(r.toString()).isEqualTo(503);
      assertThat(r.isProblem()).isTrue();
      assertThat(r.header("Retry-After")).isPresent();
      assertThat(millis).isBetween(2_500L, 8_000L);
    }
    assertThat(receipt(tenants.get(1), events.get(1)).status()).isEqualTo(200);
  }

  @Test
  void runningOutOfPooledConnectionsIs503EvenBeforeTheController() throws Exception {
    List<Connection> held = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        held.add(dataSource.getConnection());
      }
      // the bearer token's lookup, in a filter, is what waits for a connection here
      ApiClient.Response r = operator.get("/api/v1/tenants");
      assertThat(r.status()).as(r.toString()).isEqualTo(503);
      assertThat(r.isProblem()).as(r.toString()).isTrue();
      assertThat(r.header("Retry-After")).hasValue("1");
      assertThat(r.json().get("title").asString()).isEqualTo("Database busy");
    } finally {
      for (Connection c : held) {
        c.close();
      }
    }
    assertThat(operator.get("/api/v1/tenants").status()).isEqualTo(200);
  }

  private ApiClient.Response receipt(ApiClient caller, Event e) {
    return caller.get("/api/v1/audits/events/receipt?id=" + e.id() + "&hash=" + e.hash());
  }

  private void tenant(String name) {
    ApiClient.Response r =
        operator.post("/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", 8));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
  }

  private Event tenantCreate(String tenant) {
    return jdbc.queryForObject(
        "SELECT id, hash FROM audit_events WHERE action = 'tenant.create' AND tenant = ?",
        (rs, n) -> new Event(rs.getLong(1), rs.getString(2)),
        tenant);
  }

  // appended through the same trigger the application's inserts go through
  private void seed(int count) {
    jdbc.update(
        "INSERT INTO audit_events (action, target_type, target, outcome, details, prev_hash, hash)"
            + " SELECT 'load.append', 'load', 'item-' || g, 'SUCCESS', jsonb_build_object('n', g),"
            + " '', '' FROM generate_series(1, ?) g",
        count);
  }
}
