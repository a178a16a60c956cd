package io.tenantfabric.db.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.db.allocation.PersistenceTestApplication;
import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A {@link RoundTrip} against PostgreSQL: its statements run in order, each its own (seeing the
 * rows of the ones before it), with their parameters numbered across the whole trip; they reach the
 * server as one message sequence with one sync, counted in the driver's own protocol log; the first
 * error stops the rest and the transaction rolls back.
 */
@SpringBootTest(
    classes = PersistenceTestApplication.class,
    properties = {"spring.jpa.hibernate.ddl-auto=validate", "spring.jpa.open-in-view=false"})
class RoundTripIT {

  private static final TestDatabases.Schema schema = TestDatabases.freshSchema("db_round_trip");

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", schema::url);
    registry.add("spring.datasource.username", schema::user);
    registry.add("spring.datasource.password", schema::password);
  }

  @Autowired JdbcTemplate jdbc;
  @Autowired TransactionTemplate tx;

  /** The driver's protocol messages, as it logs them at FINEST. */
  private final Logger protocol = Logger.getLogger("org.postgresql.core.v3.QueryExecutorImpl");

  private final List<String> sent = new ArrayList<>();
  private final Handler recorder =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          if (r.getMessage() != null && r.getMessage().startsWith(" FE=>")) {
            synchronized (sent) {
              sent.add(r.getMessage().trim());
            }
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  private Level level;

  /** A table of the test's own, made by the schema's owner (the runtime role may not). */
  @BeforeAll
  static void table() throws SQLException {
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE trip_rows (id int PRIMARY KEY, v text NOT NULL)");
      st.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON trip_rows TO " + TestDatabases.RUNTIME);
    }
  }

  @BeforeEach
  void empty() {
    jdbc.update("DELETE FROM trip_rows");
  }

  @AfterEach
  void stopRecording() {
    protocol.removeHandler(recorder);
    if (level != null) {
      protocol.setLevel(level);
    }
  }

  @Test
  void statementsRunInOrderEachSeeingTheRowsOfTheOnesBefore() {
    List<Integer> counts = new ArrayList<>();
    String read =
        tx.execute(
            s -> {
              RoundTrip trip = new RoundTrip(jdbc);
              trip.update(
                  "INSERT INTO trip_rows SELECT u.id, u.v FROM unnest(?::int[], ?::text[]) AS u(id, v)",
                  p -> p.array("int4", List.of(1, 2)).array("text", List.of("a", "b")),
                  counts::add);
              trip.update(
                  "UPDATE trip_rows SET v = v || ? WHERE id = ?",
                  p -> p.string("+").object(2, Types.INTEGER),
                  counts::add);
              RoundTrip.Answer<String> joined =
                  trip.query(
                      "SELECT string_agg(id || '=' || v, ',' ORDER BY id) FROM trip_rows WHERE v <> ?",
                      p -> p.string("nothing"),
                      rs -> rs.next() ? rs.getString(1) : null);
              assertThatThrownBy(joined::get)
                  .isInstanceOf(IllegalStateException.class)
                  .hasMessageContaining("not been sent");
              trip.send();
              return joined.get();
            });

    assertThat(counts).containsExactly(2, 1);
    assertThat(read).isEqualTo("1=a,2=b+");
  }

  @Test
  void theStatementsReachTheServerWithOneSync() {
    record();
    tx.executeWithoutResult(
        s -> {
          RoundTrip trip = new RoundTrip(jdbc);
          for (int i = 1; i <= 3; i++) {
            int id = i;
            trip.update(
                "INSERT INTO trip_rows VALUES (?, ?)",
                p -> p.object(id, Types.INTEGER).string("x"),
                n -> {});
          }
          trip.query("SELECT count(*) FROM trip_rows", p -> {}, rs -> rs.next() ? 1 : 0);
          trip.send();
        });

    List<String> messages;
    synchronized (sent) {
      messages = List.copyOf(sent);
    }
    // the driver sends BEGIN ahead of the first statement, without a sync of its own; the trip's
    // four statements follow with one sync at the end, then COMMIT with its own
    int firstSync = messages.indexOf("FE=> Sync");
    assertThat(messages.subList(0, firstSync).stream().filter(m -> m.startsWith("FE=> Execute")))
        .hasSize(4);
    assertThat(messages.stream().filter(m -> m.equals("FE=> Sync"))).hasSize(2);
    // then COMMIT alone: one Execute and the second sync (the driver names COMMIT's text only
    // until it has sent it often enough on this connection to prepare it, so the text is not
    // always there; which test ran before decides)
    List<String> after = messages.subList(firstSync + 1, messages.size());
    assertThat(after.stream().filter(m -> m.startsWith("FE=> Execute"))).hasSize(1);
    assertThat(after).last().isEqualTo("FE=> Sync");
    assertThat(jdbc.queryForObject("SELECT count(*) FROM trip_rows", Integer.class)).isEqualTo(3);
  }

  @Test
  void aTripPlannedEachRunIsNeverPreparedOnTheServerWhereAnotherIsAfterItsFifthRun() {
    // one transaction: one connection, whose server-side prepared statements the view lists
    long[] prepared =
        tx.execute(
            s -> {
              for (int run = 0; run < 10; run++) {
                runLookup(new RoundTrip(jdbc).planEachRun(), "planned_each_run");
                runLookup(new RoundTrip(jdbc), "prepared_once");
              }
              return new long[] {
                preparedOnServer("planned_each_run"), preparedOnServer("prepared_once")
              };
            });
    // the driver's default (prepareThreshold 5) prepares the other: the view sees what it prepares
    assertThat(prepared[1]).isEqualTo(1);
    assertThat(prepared[0]).as("planned, with its parameters, every run").isZero();
  }

  private void runLookup(RoundTrip trip, String label) {
    RoundTrip.Answer<Integer> found =
        trip.query(
            "SELECT count(*) AS " + label + " FROM trip_rows WHERE id = ANY (?)",
            p -> p.array("int4", List.of(1, 2, 3)),
            rs -> rs.next() ? rs.getInt(1) : -1);
    trip.send();
    assertThat(found.get()).isZero();
  }

  private long preparedOnServer(String label) {
    return jdbc.queryForObject(
        "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE ?",
        Long.class,
        "%AS " + label + " %");
  }

  @Test
  void theFirstErrorStopsTheRestAndTheTransactionRollsBack() {
    AtomicInteger answered = new AtomicInteger();
    assertThatThrownBy(
            () ->
                sent(
                    trip -> {
                      for (String row : List.of("(1, 'a')", "(1, 'again')", "(3, 'after')")) {
                        trip.update(
                            "INSERT INTO trip_rows VALUES " + row,
                            p -> {},
                            n -> answered.incrementAndGet());
                      }
                    }))
        .isInstanceOf(DuplicateKeyException.class)
        .hasMessageContaining("trip_rows_pkey");

    assertThat(answered).hasValue(0);
    assertThat(jdbc.queryForObject("SELECT count(*) FROM trip_rows", Integer.class)).isZero();
  }

  @Test
  void aReaderThatRefusesItsAnswerFailsTheTransaction() {
    assertThatThrownBy(
            () ->
                sent(
                    trip ->
                        trip.update(
                            "INSERT INTO trip_rows VALUES (1, 'a')",
                            p -> {},
                            n -> {
                              throw new IllegalStateException(n + " rows, expected 2");
                            })))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("1 rows, expected 2");

    assertThat(jdbc.queryForObject("SELECT count(*) FROM trip_rows", Integer.class)).isZero();
  }

  @Test
  void expectingPassesTheExactRowCountAndFailsAnyOther() {
    sent(
        trip ->
            trip.update(
                "INSERT INTO trip_rows VALUES (1, 'a'), (2, 'b')",
                p -> {},
                RoundTrip.expecting(2, "rows inserted")));
    assertThatThrownBy(
            () ->
                sent(
                    trip ->
                        trip.update(
                            "INSERT INTO trip_rows VALUES (3, 'c')",
                            p -> {},
                            RoundTrip.expecting(2, "rows inserted"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("1 of 2 rows inserted");

    assertThat(jdbc.queryForList("SELECT id FROM trip_rows ORDER BY id", Integer.class))
        .as("the first trip committed, the second rolled back")
        .containsExactly(1, 2);
  }

  @Test
  void aStatementReadAsTheWrongKindIsABug() {
    assertThatThrownBy(() -> sent(trip -> trip.update("SELECT 1", p -> {}, n -> {})))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("expected a row count from: SELECT 1");
  }

  @Test
  void aTripIsOneStatementAtATimeAndSentOnce() {
    RoundTrip trip = new RoundTrip(jdbc);
    assertThatThrownBy(() -> trip.update("SELECT 1; SELECT 2", p -> {}, n -> {}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(trip.isEmpty()).isTrue();
    trip.send(); // nothing to send: no statement, no transaction needed
    assertThatThrownBy(trip::send).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> trip.update("SELECT 1", p -> {}, n -> {}))
        .isInstanceOf(IllegalStateException.class);
  }

  /** A trip filled by {@code statements}, sent in a transaction of its own. */
  private void sent(Consumer<RoundTrip> statements) {
    tx.executeWithoutResult(
        s -> {
          RoundTrip trip = new RoundTrip(jdbc);
          statements.accept(trip);
          trip.send();
        });
  }

  private void record() {
    level = protocol.getLevel();
    protocol.setLevel(Level.FINEST);
    protocol.addHandler(recorder);
  }
}
