package io.tenantfabric.controller.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.security.Role;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.ControllerProcess;
import io.tenantfabric.controller.support.EmulatedFabrics;
import io.tenantfabric.controller.support.SchemaQueries;
import io.tenantfabric.db.testing.TestDatabases;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * The event stream on two controller processes sharing one schema (real PostgreSQL, an emulated
 * fabric, real SSH/NETCONF): a client that reads from one instance and resumes on the other sees
 * every row of {@code events} exactly once and in order, while both instances and an older open
 * transaction commit concurrently; a TENANT stream carries its own tenant's events only, with
 * cursors no other token can use; a revoked token's stream ends; a client that stops reading is
 * dropped while leases go on reaching ACTIVE; a cursor behind the retention horizon gets a reset; a
 * token in the query string is refused and the per-token limit answers 429.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EventStreamIT {

  static final String PRESET = "h3c-s9825-1024";
  static final Duration DEADLINE = Duration.ofSeconds(60);
  static final Map<String, Integer> STATUS_ORDER =
      Map.of("PROVISIONING", 0, "ACTIVE", 1, "RELEASING", 2, "RELEASED", 3, "FAILED", 4);

  TestDatabases.Schema schema;
  Path logs;
  EmulatedFabric emulator;
  ControllerProcess a;
  ControllerProcess b;
  ApiClient api;
  ApiClient.IssuedToken reader;
  String firstCursor;

  @BeforeAll
  void twoInstancesOnAnOnboardedFabric() throws IOException {
    schema = TestDatabases.freshSchema("it_events");
    logs = Files.createTempDirectory("event-stream-it");
    emulator = EmulatedFabrics.start(PRESET, Profile.COMWARE7);
    Map<String, String> env =
        Map.of(
            "FABRIC_EVENTS_TOKEN_CHECK", "1s",
            "FABRIC_EVENTS_PRUNE_INTERVAL", "1s",
            "FABRIC_EVENTS_HEARTBEAT", "2s");
    Map<String, String> smallBuffer = new HashMap<>(env);
    // instance A drops a stream that holds more than 64 undelivered events
    smallBuffer.put("FABRIC_EVENTS_BUFFER", "64");
    a = ControllerProcess.start(schema, logs.resolve("a.log"), smallBuffer);
    b = ControllerProcess.start(schema, logs.resolve("b.log"), env);
    api = a.api();
    ApiClient.Response defined =
        api.put("/api/v1/fabric", EmulatedFabrics.definition(PRESET, emulator));
    assertThat(defined.status()).as(defined.toString()).isEqualTo(201);
    EmulatedFabrics.awaitInSync(api, Duration.ofSeconds(120));
    reader = api.createToken(Role.OPERATOR, null);
  }

  @AfterAll
  void stop() throws Exception {
    for (AutoCloseable c : new AutoCloseable[] {a, b, emulator}) {
      if (c != null) {
        c.close();
      }
    }
  }

  @Test
  @Order(1)
  void aClientResumingOnTheOtherInstanceSeesEveryRowOnceInOrder() throws Exception {
    List<SseClient.Event> seen = new ArrayList<>();
    SseClient first = SseClient.open(a.port(), reader.secret(), null);
    assertThat(first.contentType()).startsWith("text/event-stream");
    String marker = lease(api, tenant(api, "ev-mark", 8), 1);

    ExecutorService pool = Executors.newFixedThreadPool(3);
    List<Future<List<String>>> work = new ArrayList<>();
    try {
      for (ControllerProcess c : List.of(a, b)) {
        String prefix = c == a ? "ev-a" : "ev-b";
        work.add(pool.submit(() -> leaseAndRelease(c.api(), prefix)));
      }
      // an older transaction that stays open while both instances commit: the events after it
      // wait until it has ended, and then come after its own
      Future<?> held = pool.submit(this::holdAnOpenTransaction);

      assertThat(
              first.await(DEADLINE, l -> index(l, marker) >= 0 && l.size() > index(l, marker) + 5))
          .as("the first instance streamed past the marker")
          .isTrue();
      first.close();
      seen.addAll(first.events());
      firstCursor = seen.get(0).id();

      // resume on the other instance while both still commit; should a stream end, resume again
      SseClient next = SseClient.open(b.port(), reader.secret(), seen.get(seen.size() - 1).id());
      List<String> allocations = new ArrayList<>(List.of(marker));
      for (Future<List<String>> w : work) {
        allocations.addAll(w.get());
      }
      held.get();
      long deadline = System.nanoTime() + DEADLINE.toNanos();
      boolean done = false;
      while (System.nanoTime() < deadline) {
        done = next.await(Duration.ofSeconds(2), l -> caughtUp(seen, l, marker));
        if (!done && !next.ended()) {
          continue;
        }
        next.close();
        next.awaitEnd(Duration.ofSeconds(5));
        seen.addAll(next.events());
        if (done) {
          break;
        }
        next = SseClient.open(b.port(), reader.secret(), seen.get(seen.size() - 1).id());
      }
      assertThat(done).as("the client caught up with the table").isTrue();
      List<SseClient.Event> table = deliverable();
      int t = index(table, marker);
      int c = index(seen, marker);
      assertThat(t).isGreaterThanOrEqualTo(c);
      assertThat(keys(seen))
          .as("what the client saw is the table's order, each row once")
          .isEqualTo(keys(table.subList(t - c, Math.min(table.size(), t - c + seen.size()))));
      statusHistoriesInOrder(seen, allocations);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @Order(2)
  void aTenantStreamCarriesItsOwnTenantsEventsOnlyWithCursorsForItsTokenOnly() throws Exception {
    String own = tenant(api, "ev-own", 8);
    String other = tenant(api, "ev-other", 8);
    long ownId =
        SchemaQueries.count(
            schema, "SELECT id FROM tenants WHERE status = 'LIVE' AND name = '" + own + "'");
    ApiClient.IssuedToken ownToken = api.createToken(Role.TENANT, own);
    ApiClient.IssuedToken otherToken = api.createToken(Role.TENANT, other);
    try (SseClient stream = SseClient.open(b.port(), ownToken.secret(), null)) {
      String mine = lease(a.api(), own, 1);
      lease(b.api(), other, 1);
      String second = lease(a.api(), own, 1);
      assertThat(api.post("/api/v1/audits/isolation", Map.of()).status()).isEqualTo(202);
      assertThat(
              stream.await(
                  DEADLINE,
                  l ->
                      hasStatus(l, mine, "ACTIVE")
                          && hasStatus(l, second, "ACTIVE")
                          && l.stream().anyMatch(e -> e.type().equals("evidence"))))
          .as(
              "the tenant's own allocations went ACTIVE and its evidence changed: %s",
              stream.events())
          .isTrue();
      List<SseClient.Event> events = stream.events();
      for (SseClient.Event e : events) {
        assertThat(e.type()).isIn("allocation", "evidence");
        JsonNode data = ApiClient.json().readTree(e.data());
        assertThat(data.get("tenant").asString()).isEqualTo(own);
        if (e.type().equals("allocation")) {
          assertThat(data.get("tenantId").asLong()).isEqualTo(ownId);
        }
      }
      String cursor = events.get(events.size() - 1).id();
      String previous = events.get(events.size() - 2).id();
      for (String token :
          List.of(otherToken.secret(), ApiClient.BOOTSTRAP_TOKEN, reader.secret())) {
        ApiClient.Response refused =
            api.withToken(token).get("/api/v1/events", "Last-Event-ID", cursor);
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.json().get("field").asString()).isEqualTo("Last-Event-ID");
      }
      assertThat(cursor).hasSameSizeAs(previous);
      assertThat(commonPrefix(cursor, previous)).as("%s / %s", cursor, previous).isLessThan(4);
      int same = 0;
      for (int i = 0; i < cursor.length(); i++) {
        same += cursor.charAt(i) == previous.charAt(i) ? 1 : 0;
      }
      assertThat(same)
          .as("characters in place shared by %s and %s", cursor, previous)
          .isLessThan(cursor.length() / 4);
    }
  }

  @Test
  @Order(3)
  void aRevokedOrExpiredTokensStreamEnds() throws Exception {
    ApiClient.IssuedToken auditor = api.createToken(Role.AUDITOR, null);
    try (SseClient stream = SseClient.open(b.port(), auditor.secret(), null)) {
      assertThat(api.delete("/api/v1/tokens/" + auditor.id()).status()).isEqualTo(204);
      assertThat(stream.awaitEnd(Duration.ofSeconds(20))).as("the stream ended").isTrue();
    }
    ApiClient.Response expiring =
        api.post(
            "/api/v1/tokens",
            Map.of("role", "PORTAL", "expiresAt", Instant.now().plusSeconds(4).toString()));
    assertThat(expiring.status()).as(expiring.toString()).isEqualTo(201);
    try (SseClient stream =
        SseClient.open(b.port(), expiring.json().get("token").asString(), null)) {
      assertThat(stream.awaitEnd(Duration.ofSeconds(20)))
          .as("the stream of a token that expired ended")
          .isTrue();
    }
  }

  @Test
  @Order(4)
  void aClientThatStopsReadingIsDroppedWhileLeasesGoOn() throws Exception {
    ApiClient.IssuedToken stalled = api.createToken(Role.OPERATOR, null);
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(1024);
      socket.connect(new InetSocketAddress("127.0.0.1", a.port()));
      OutputStream out = socket.getOutputStream();
      out.write(
          ("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                  + "Authorization: Bearer "
                  + stalled.secret()
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      // a burst larger than any socket buffer (as a batch of thousands of allocations is),
      // while leases go on through both instances
      try (Connection c = schema.connectAsOwner();
          Statement st = c.createStatement()) {
        st.execute(
            "INSERT INTO events (type, payload) SELECT 'operation', jsonb_build_object('id',"
                + " gen_random_uuid(), 'kind', 'REPLACE', 'state', 'RUNNING', 'step',"
                + " repeat('x', 60), 'pad', repeat('y', 900)) FROM generate_series(1, 5000)");
      }
      String t = tenant(api, "ev-stall", 16);
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        ids.add(lease((i % 2 == 0 ? a : b).api(), t, 1));
      }
      for (String id : ids) {
        assertThat(awaitStatus(t, id, "ACTIVE")).as("lease %s ACTIVE", id).isTrue();
      }
      assertThat(EmulatedFabrics.eventually(DEADLINE, () -> a.logged("dropped an event stream")))
          .as("the stalled stream was dropped: %s", a.tail())
          .isTrue();
      assertThat(a.api().get("/actuator/prometheus").body())
          .containsPattern("fabric_events_streams_dropped_total(\\{[^}]*\\})? [1-9]");
      // the response ends (its last chunk, or the connection closed) once what was written
      // before the drop is read
      socket.setSoTimeout(30_000);
      InputStream in = socket.getInputStream();
      byte[] buffer = new byte[65536];
      String last = "";
      boolean ended = false;
      try {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!ended && System.nanoTime() < deadline) {
          int n = in.read(buffer);
          if (n < 0) {
            ended = true;
          } else {
            last = last + new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
            last = last.substring(Math.max(0, last.length() - 16));
            ended = last.endsWith("\r\n0\r\n\r\n");
          }
        }
      } catch (java.net.SocketException e) {
        ended = true; // reset by the server
      }
      assertThat(ended).as("the server closed the stalled stream").isTrue();
    }
  }

  @Test
  @Order(5)
  void aCursorBehindTheRetentionHorizonGetsAReset() throws Exception {
    assertThat(firstCursor).as("a cursor from the first case").isNotNull();
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      st.execute("UPDATE events SET created_at = created_at - interval '2 days'");
    }
    assertThat(
            EmulatedFabrics.eventually(
                DEADLINE,
                () ->
                    SchemaQueries.count(
                            schema,
                            "SELECT count(*) FROM events WHERE created_at < now() - interval '1 day'")
                        == 0))
        .as("retention deleted the aged events")
        .isTrue();
    String t = tenant(api, "ev-reset", 4);
    try (SseClient stream = SseClient.open(b.port(), reader.secret(), firstCursor)) {
      assertThat(stream.await(DEADLINE, l -> !l.isEmpty())).isTrue();
      SseClient.Event reset = stream.events().get(0);
      assertThat(reset.type()).isEqualTo("reset");
      assertThat(reset.data()).isEqualTo("{}");
      String id = lease(a.api(), t, 1);
      assertThat(stream.await(DEADLINE, l -> index(l, id) > 0))
          .as("the stream went on live")
          .isTrue();
      // the reset's id resumes without another reset
      try (SseClient again = SseClient.open(a.port(), reader.secret(), reset.id())) {
        assertThat(again.await(DEADLINE, l -> index(l, id) >= 0)).isTrue();
        assertThat(again.events().get(0).type()).isNotEqualTo("reset");
      }
    }
  }

  @Test
  @Order(6)
  void aTokenInTheQueryIsRefusedAndTheFifthStreamOfATokenWaits() throws Exception {
    for (String param : List.of("access_token", "token")) {
      ApiClient.Response r =
          api.sendingMalformedRequests().get("/api/v1/events?" + param + "=" + reader.secret());
      assertThat(r.status()).as(r.toString()).isEqualTo(400);
      assertThat(r.json().get("field").asString()).isEqualTo(param);
    }
    ApiClient.IssuedToken limited = api.createToken(Role.PORTAL, null);
    List<SseClient> open = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        open.add(SseClient.open(b.port(), limited.secret(), null));
      }
      ApiClient.Response fifth = b.api().withToken(limited.secret()).get("/api/v1/events");
      assertThat(fifth.status()).as(fifth.toString()).isEqualTo(429);
      assertThat(fifth.header("Retry-After")).isPresent();
      assertThat(a.api().withToken(limited.secret()).get("/api/v1/events").status())
          .as("the limit is per instance's streams of the token")
          .isEqualTo(200);
    } finally {
      open.forEach(SseClient::close);
    }
  }

  // --- the first case's workload

  private List<String> leaseAndRelease(ApiClient client, String prefix) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String t = tenant(client, prefix + "-" + i, 8);
      ApiClient.Response r =
          client.post("/api/v1/tenants/" + t + "/allocations?wait=PT60S", Map.of("gpus", 2));
      assertThat(r.status()).as(r.toString()).isEqualTo(200);
      String id = r.json().get("id").asString();
      ids.add(id);
      ids.add(lease(client, t, 1));
      ApiClient.Response released = client.delete("/api/v1/tenants/" + t + "/allocations/" + id);
      assertThat(released.status()).as(released.toString()).isIn(200, 202);
    }
    return ids;
  }

  private Void holdAnOpenTransaction() throws SQLException, InterruptedException {
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      c.setAutoCommit(false);
      st.execute(
          "INSERT INTO isolation_audits (id, trigger, status, requested_at, finished_at, failure)"
              + " VALUES (gen_random_uuid(), 'API', 'FAILED', now(), now(), 'held open')");
      Thread.sleep(3_000);
      c.commit();
    }
    return null;
  }

  // --- helpers

  private String tenant(ApiClient client, String name, int quota) {
    ApiClient.Response r =
        client.post(
            "/api/v1/tenants", Map.of("name", name, "displayName", name, "gpuQuota", quota));
    assertThat(r.status()).as(r.toString()).isEqualTo(201);
    return name;
  }

  private static String lease(ApiClient client, String tenant, int gpus) {
    ApiClient.Response r =
        client.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", gpus));
    assertThat(r.status()).as(r.toString()).isEqualTo(202);
    return r.json().get("id").asString();
  }

  private boolean awaitStatus(String tenant, String id, String status) {
    return EmulatedFabrics.eventually(
        DEADLINE,
        () ->
            api.get("/api/v1/tenants/" + tenant + "/allocations/" + id)
                .json()
                .get("status")
                .asString()
                .equals(status));
  }

  /** The rows every transaction before has ended for, in the stream's order, read as the owner. */
  private List<SseClient.Event> deliverable() throws SQLException {
    List<SseClient.Event> rows = new ArrayList<>();
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT type, payload::text FROM events"
                    + " WHERE xid < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY xid, seq")) {
      while (rs.next()) {
        rows.add(new SseClient.Event(null, rs.getString(1), rs.getString(2)));
      }
    }
    return rows;
  }

  private boolean caughtUp(List<SseClient.Event> before, List<SseClient.Event> now, String marker) {
    try {
      List<SseClient.Event> all = new ArrayList<>(before);
      all.addAll(now);
      List<SseClient.Event> table = deliverable();
      int t = index(table, marker);
      int c = index(all, marker);
      return t >= c && t - c + all.size() >= table.size();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static int index(List<SseClient.Event> events, String allocation) {
    for (int i = 0; i < events.size(); i++) {
      SseClient.Event e = events.get(i);
      if (e.type().equals("allocation") && e.data().contains("\"" + allocation + "\"")) {
        return i;
      }
    }
    return -1;
  }

  private static boolean hasStatus(List<SseClient.Event> events, String allocation, String status) {
    return events.stream()
        .anyMatch(
            e ->
                e.type().equals("allocation")
                    && e.data().contains("\"" + allocation + "\"")
                    && e.data().contains("\"status\": \"" + status + "\""));
  }

  private static List<String> keys(List<SseClient.Event> events) {
    return events.stream().map(e -> e.type() + " " + e.data()).toList();
  }

  private static void statusHistoriesInOrder(List<SseClient.Event> seen, List<String> allocations) {
    Map<String, Integer> last = new HashMap<>();
    for (SseClient.Event e : seen) {
      if (!e.type().equals("allocation")) {
        continue;
      }
      JsonNode data = ApiClient.json().readTree(e.data());
      String id = data.get("id").asString();
      int rank = STATUS_ORDER.get(data.get("status").asString());
      Integer before = last.put(id, rank);
      assertThat(before == null || before <= rank)
          .as("allocation %s went back from rank %s to %s", id, before, rank)
          .isTrue();
    }
    for (String id : allocations) {
      assertThat(last).as("events of %s", id).containsKey(id);
    }
  }

  private static int commonPrefix(String x, String y) {
    int n = 0;
    while (n < Math.min(x.length(), y.length()) && x.charAt(n) == y.charAt(n)) {
      n++;
    }
    return n;
  }
}
