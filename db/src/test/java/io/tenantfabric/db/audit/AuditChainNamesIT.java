package io.tenantfabric.db.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The chain trigger resolves its table, sequence and functions in its own schema whatever the
 * appending session's search_path holds, with the runtime role's TEMP privilege still granted: a
 * temporary table or sequence named like the real ones chooses neither the link nor the id of the
 * next event. Its advisory lock is its schema's own.
 */
class AuditChainNamesIT {

  private static final String APPEND =
      " (actor_role, action, target_type, outcome, details, prev_hash, hash)"
          + " VALUES ('SYSTEM', 'test.append', 'test', 'SUCCESS', '{}', '', '')"
          + " RETURNING id, prev_hash, hash";

  private static TestDatabases.Schema schema;

  record Link(long id, String prevHash, String hash) {}

  @BeforeAll
  static void aTrailOfThreeEvents() throws SQLException {
    schema = TestDatabases.freshSchema("chain_names");
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      for (int i = 0; i < 3; i++) {
        append(st);
      }
    }
  }

  @Test
  void aTemporaryTrailOrSequenceInFrontOfTheRealOnesChoosesNeitherLinkNorId() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      // the runtime role may still create temporary objects: the trigger has to hold regardless
      assertThat(single(st, "SELECT has_database_privilege(current_database(), 'TEMP')"))
          .isEqualTo("t");
      st.execute(
          "CREATE TEMP TABLE audit_events AS SELECT * FROM "
              + schema.name()
              + ".audit_events LIMIT 0");
      st.execute("INSERT INTO pg_temp.audit_events (id, hash) VALUES (1, repeat('f', 64))");

      Link head = head(st);
      Link forged = append(st);
      assertThat(forged.prevHash()).isEqualTo(head.hash());
      assertThat(forged.id()).isGreaterThan(head.id());

      // a sequence of the session's own, its ids far ahead of the real ones, named first
      st.execute("CREATE TEMP SEQUENCE audit_events_id_seq START WITH " + (forged.id() + 1_000));
      st.execute("SET search_path = pg_temp, " + schema.name());
      Link next = append(st);
      assertThat(next.prevHash()).isEqualTo(forged.hash());
      assertThat(next.id()).isBetween(forged.id() + 1, forged.id() + 999);
    }
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      assertThat(
              single(
                  st,
                  "SELECT count(*) FROM audit_events e JOIN audit_events p ON p.id = (SELECT"
                      + " max(id) FROM audit_events WHERE id < e.id) WHERE e.prev_hash <> p.hash"))
          .as("links broken")
          .isEqualTo("0");
    }
  }

  @Test
  void theChainLockIsThisSchemasOwn() throws SQLException {
    try (Connection holder = schema.connect();
        Statement hold = holder.createStatement();
        Connection appender = schema.connect();
        Statement st = appender.createStatement()) {
      st.execute("SET lock_timeout = '1s'");
      // the key of one database-wide lock for every schema: it no longer stalls this one's appends
      hold.execute("SELECT pg_advisory_lock(hashtext('tenant-fabric.audit_events.chain'))");
      Link head = head(st);
      assertThat(append(st).prevHash()).isEqualTo(head.hash());
      hold.execute("SELECT pg_advisory_unlock_all()");

      // another schema's chain lock neither
      hold.execute(
          "SELECT pg_advisory_lock(hashtext('tenant-fabric.audit_events.chain'),"
              + " hashtext('some_other_schema'))");
      append(st);
      hold.execute("SELECT pg_advisory_unlock_all()");

      // this schema's is the one appends take
      hold.execute(
          "SELECT pg_advisory_lock(hashtext('tenant-fabric.audit_events.chain'), hashtext('"
              + schema.name()
              + "'))");
      assertThatThrownBy(() -> append(st))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("55P03"));
      hold.execute("SELECT pg_advisory_unlock_all()");
      append(st);
    }
  }

  private static Link append(Statement st) throws SQLException {
    try (ResultSet rs =
        st.executeQuery("INSERT INTO " + schema.name() + ".audit_events" + APPEND)) {
      rs.next();
      return new Link(rs.getLong(1), rs.getString(2), rs.getString(3));
    }
  }

  private static Link head(Statement st) throws SQLException {
    try (ResultSet rs =
        st.executeQuery(
            "SELECT id, prev_hash, hash FROM "
                + schema.name()
                + ".audit_events ORDER BY id DESC LIMIT 1")) {
      rs.next();
      return new Link(rs.getLong(1), rs.getString(2), rs.getString(3));
    }
  }

  private static String single(Statement st, String sql) throws SQLException {
    try (ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
