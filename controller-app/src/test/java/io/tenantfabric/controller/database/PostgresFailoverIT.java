package io.tenantfabric.controller.database;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.db.testing.ReplicatedPostgres;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller rides a PostgreSQL failover without a restart: one controller process on a
 * multi-host URL ({@code targetServerType=primary}) naming a primary and its synchronous standby
 * ({@link ReplicatedPostgres}), an emulated fabric, and clients leasing GPUs with an {@code
 * Idempotency-Key} each, retrying a 503 with the same key. The primary is stopped at once and the
 * standby promoted, as Patroni would. No request is answered 500 (the statuses are counted and
 * printed); the clients see the outage as 503 with {@code Retry-After}; every acknowledged lease is
 * a row on the promoted server and ends {@code ACTIVE}, and no lease exists that was not
 * acknowledged (retries made no second one); a new tenant and lease reach {@code ACTIVE}
 * afterwards; the same process still runs, and its log shows the listener reconnecting and the
 * provisioning lead lost and taken again on the new primary.
 */
class PostgresFailoverIT {

  static final String PRESET = "h3c-s9825-1024";
  static final String DATABASE = "tf";
  static final Duration DEADLINE = Duration.ofSeconds(90);
  static final int CLIENTS = 4;
  static final int GPUS = 2;
  // each client leases at most this many times: 4 x 40 x 2 GPUs stay well inside the 1,024
  static final int MAX_LEASES = 40;
  static final Duration PACE = Duration.ofMillis(200);
  static final String LEADER = "became the provisioning leader";
  static final String FENCED = "no longer the provisioning leader";
  static final String LISTENER = "LISTEN connection restored";

  static final Pattern REQUEST_ID = Pattern.compile("\"requestId\":\"([0-9a-f-]+)\"");

  @TempDir Path logs;

  @Test
  void theControllerRidesAPrimaryFailoverToItsSynchronousStandby() throws Exception {
    try (ReplicatedPostgres pg = ReplicatedPostgres.start(DATABASE)) {
      TestDatabases.Schema schema =
          TestDatabases.freshSchema(pg.server(DATABASE), "it_pg_failover");
      assertThat(schema.url()).contains(",").contains("targetServerType=primary");
      try (ControllerProcess controller =
              ControllerProcess.start(schema, logs.resolve("controller.log"));
          EmulatedFabric emulator =
              EmulatedFabrics.onboard(controller.api(), PRESET, Profile.COMWARE7)) {
        ApiClient api = controller.api();
        Statuses statuses = new Statuses();
        AtomicBoolean promoted = new AtomicBoolean();
        List<Leaser> leasers = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
          String tenant = "pgfo-" + i;
          ApiClient.Response t =
              api.post(
                  "/api/v1/tenants",
                  Map.of("name", tenant, "displayName", tenant, "gpuQuota", 2 * GPUS * MAX_LEASES));
          assertThat(t.status()).as(t.toString()).isEqualTo(201);
          leasers.add(new Leaser(api, tenant, statuses, promoted));
        }
        leasers.forEach(Leaser::start);

        assertThat(EmulatedFabrics.eventually(DEADLINE, () -> acknowledged(leasers) >= 8))
            .as("leases acknowledged before the failover: %s", statuses)
            .isTrue();
        pg.killPrimary();
        assertThat(EmulatedFabrics.eventually(DEADLINE, () -> statuses.count(503) > 0))
            .as("the clients saw the outage as 503: %s", statuses)
            .isTrue();
        pg.promoteStandby();
        promoted.set(true);
        assertThat(
                EmulatedFabrics.eventually(
                    DEADLINE, () -> leasers.stream().mapToInt(Leaser::afterPromotion).sum() >= 8))
            .as("leases acknowledged after the promotion: %s\n%s", statuses, controller.tail())
            .isTrue();
        for (Leaser l : leasers) {
          l.finish();
        }
        System.out.println("PostgresFailoverIT statuses: " + statuses);

        List<String> failures = new ArrayList<>();
        leasers.forEach(l -> failures.addAll(l.failures));
        assertThat(failures)
            .as(
                "what the clients could not explain; the server's log of each:\n%s",
                logs(controller, failures))
            .isEmpty();
        assertThat(statuses.count(500)).as("500s among %s", statuses).isZero();
        assertThat(statuses.codes())
            .as("only acknowledgements and 503s")
            .allSatisfy(code -> assertThat(code == 503 || code / 100 == 2).isTrue());
        assertThat(statuses.unexplained503s())
            .as("each 503 a problem saying the database is unavailable or busy, with Retry-After")
            .isEmpty();

        List<String[]> acked = new ArrayList<>(); // tenant, id
        leasers.forEach(l -> l.acknowledged.forEach(id -> acked.add(new String[] {l.tenant, id})));
        Set<String> ids = new HashSet<>();
        acked.forEach(a -> ids.add(a[1]));
        assertThat(ids).as("one lease per key").hasSize(acked.size());
        assertThat(allocationsOnThePromotedServer(pg, schema))
            .as("the promoted server holds every acknowledged lease and no other")
            .containsExactlyInAnyOrderElementsOf(ids);
        assertThat(
                EmulatedFabrics.eventually(DEADLINE, () -> EmulatedFabrics.allActive(api, acked)))
            .as("every acknowledged lease ACTIVE: %s", controller.tail())
            .isTrue();

        ApiClient.Response t =
            api.post(
                "/api/v1/tenants",
                Map.of("name", "pgfo-after", "displayName", "pgfo-after", "gpuQuota", 8));
        assertThat(t.status()).as(t.toString()).isEqualTo(201);
        ApiClient.Response a =
            api.post(
                "/api/v1/tenants/pgfo-after/allocations",
                Map.of("gpus", 8),
                "Idempotency-Key",
                "pgfo-after-1");
        assertThat(a.status()).as(a.toString()).isEqualTo(202);
        List<String[]> after = new ArrayList<>();
        after.add(new String[] {"pgfo-after", a.json().get("id").asString()});
        assertThat(
                EmulatedFabrics.eventually(DEADLINE, () -> EmulatedFabrics.allActive(api, after)))
            .as("a lease made after the promotion ACTIVE: %s", controller.tail())
            .isTrue();

        assertThat(controller.alive()).as("the same controller process still runs").isTrue();
        assertThat(controller.logged(LISTENER))
            .as("the listener reconnected: %s", controller.tail())
            .isTrue();
        assertThat(controller.logged(FENCED))
            .as("the leader gave the lead up with its session: %s", controller.tail())
            .isTrue();
        assertThat(controller.count(LEADER))
            .as("the lead taken again on the new primary: %s", controller.tail())
            .isGreaterThanOrEqualTo(2);
      }
    }
  }

  /** The controller's log from each request id quoted in {@code failures} on. */
  private static String logs(ControllerProcess controller, List<String> failures) {
    StringBuilder b = new StringBuilder();
    Matcher m = REQUEST_ID.matcher(String.join("\n", failures));
    while (m.find()) {
      // ProblemAdvice's line for a 500 names the request id so, with the stack trace after it
      b.append(controller.excerpt("(request " + m.group(1) + ")", 80)).append('\n');
    }
    return b.toString();
  }

  private static Set<String> allocationsOnThePromotedServer(
      ReplicatedPostgres pg, TestDatabases.Schema schema) throws SQLException {
    Set<String> ids = new HashSet<>();
    try (Connection c = pg.connectToStandby(DATABASE);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT id::text FROM " + schema.name() + ".allocations")) {
      while (rs.next()) {
        ids.add(rs.getString(1));
      }
    }
    return ids;
  }

  private static int acknowledged(List<Leaser> leasers) {
    return leasers.stream().mapToInt(l -> l.acknowledged.size()).sum();
  }

  /** Every answer the clients got, by status; 503s that are not the database's problem apart. */
  static final class Statuses {

    private final Map<Integer, AtomicInteger> byCode = new ConcurrentHashMap<>();
    private final AtomicInteger ioErrors = new AtomicInteger();
    private final List<String> unexplained503s = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> titles = new ConcurrentHashMap<>();

    void add(ApiClient.Response r) {
      byCode.computeIfAbsent(r.status(), k -> new AtomicInteger()).incrementAndGet();
      if (r.status() == 503) {
        String title = r.json().path("title").asString("");
        titles.computeIfAbsent(title, k -> new AtomicInteger()).incrementAndGet();
        if (r.header("Retry-After").isEmpty()
            || !(title.equals("Database unavailable") || title.equals("Database busy"))) {
          unexplained503s.add(r.toString());
        }
      }
    }

    void ioError() {
      ioErrors.incrementAndGet();
    }

    int count(int code) {
      AtomicInteger n = byCode.get(code);
      return n == null ? 0 : n.get();
    }

    Set<Integer> codes() {
      return byCode.keySet();
    }

    List<String> unexplained503s() {
      return unexplained503s;
    }

    @Override
    public String toString() {
      return new TreeMap<>(byCode)
          + " (503 by title: "
          + new TreeMap<>(titles)
          + "), requests without an answer: "
          + ioErrors.get();
    }
  }

  /**
   * One client leasing GPUs for its tenant, one {@code Idempotency-Key} per lease, retrying a 503
   * with the same key after its {@code Retry-After}; it stops between leases when asked.
   */
  static final class Leaser {

    final String tenant;
    final List<String> acknowledged = new CopyOnWriteArrayList<>();
    final List<String> failures = new CopyOnWriteArrayList<>();
    private final ApiClient api;
    private final Statuses statuses;
    private final AtomicBoolean promoted;
    private final AtomicInteger afterPromotion = new AtomicInteger();
    private volatile boolean stop;
    private final Thread thread;

    Leaser(ApiClient api, String tenant, Statuses statuses, AtomicBoolean promoted) {
      this.api = api;
      this.tenant = tenant;
      this.statuses = statuses;
      this.promoted = promoted;
      this.thread = new Thread(this::run, "leaser-" + tenant);
      this.thread.setDaemon(true);
    }

    void start() {
      thread.start();
    }

    int afterPromotion() {
      return afterPromotion.get();
    }

    /** Asks it to stop after the lease in hand and waits for it. */
    void finish() throws InterruptedException {
      stop = true;
      thread.join(DEADLINE.toMillis());
      if (thread.isAlive()) {
        failures.add(tenant + ": the client did not finish its lease in hand");
      }
    }

    private void run() {
      try {
        for (int i = 0; !stop && i < MAX_LEASES; i++) {
          lease(tenant + "-lease-" + i);
          LockSupport.parkNanos(PACE.toNanos()); // a paced client, not a load test
        }
      } catch (RuntimeException | AssertionError e) {
        failures.add(tenant + ": " + e);
      }
    }

    private void lease(String key) {
      String path = "/api/v1/tenants/" + tenant + "/allocations";
      long giveUp = System.nanoTime() + DEADLINE.toNanos();
      while (System.nanoTime() - giveUp < 0) {
        ApiClient.Response r;
        try {
          r = api.post(path, Map.of("gpus", GPUS), "Idempotency-Key", key);
        } catch (UncheckedIOException e) {
          // no answer at all (a request that hung past the client's timeout): retry the key, and
          // count it, since the service should have answered 503 instead
          statuses.ioError();
          failures.add(key + ": no answer: " + e.getCause());
          LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
          continue;
        }
        statuses.add(r);
        if (r.status() / 100 == 2) {
          acknowledged.add(r.json().get("id").asString());
          if (promoted.get()) {
            afterPromotion.incrementAndGet();
          }
          return;
        }
        if (r.status() != 503) {
          failures.add(key + ": " + r);
          return;
        }
        long wait = r.header("Retry-After").map(Long::parseLong).orElse(1L);
        LockSupport.parkNanos(Duration.ofSeconds(wait).toNanos()); // as Retry-After asks
      }
      failures.add(key + ": never acknowledged");
    }
  }
}
