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
 * Only the owner's function lists a checkpoint as trusted, and only after walking the stretch it
 * vouches for: the runtime role may call it and read the list, never write the list; a broken
 * stretch, a hash other than the stored one, or nothing new to vouch for is refused and appends
 * nothing.
 */
class TrustedCheckpointIT {

  private static TestDatabases.Schema schema;

  record Head(long id, String hash) {}

  @BeforeAll
  static void aTrail() throws SQLException {
    schema = TestDatabases.freshSchema("trusted_cp");
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      for (int i = 0; i < 4; i++) {
        append(st);
      }
    }
  }

  @Test
  void theRuntimeRoleCannotListACheckpointItself() {
    for (String sql :
        new String[] {
          "INSERT INTO audit_checkpoints (event_id, through_id, through_hash, after_id, checked)"
              + " SELECT max(id), min(id), repeat('a', 64), 0, 1 FROM audit_events",
          "UPDATE audit_checkpoints SET checked = 1",
          "DELETE FROM audit_checkpoints"
        }) {
      assertThatThrownBy(
              () -> {
                try (Connection c = schema.connect();
                    Statement st = c.createStatement()) {
                  st.execute(sql);
                }
              })
          .as(sql)
          .hasMessageContaining("permission denied");
    }
  }

  @Test
  void theFunctionVouchesForAnIntactStretchAndRefusesEverythingElse() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      Head head = head(st);
      assertRefused(st, head.id(), "0".repeat(64), "22023");
      long events = count(st, "SELECT count(*) FROM audit_events");

      long first = checkpoint(st, head);
      assertThat(first).isGreaterThan(head.id());
      try (ResultSet rs =
          st.executeQuery(
              "SELECT e.action, e.actor_role, e.details ->> 'throughId', e.details ->> 'checked',"
                  + " c.through_id, c.through_hash, c.after_id FROM audit_events e"
                  + " JOIN audit_checkpoints c ON c.event_id = e.id WHERE e.id = "
                  + first)) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo("audit.checkpoint");
        assertThat(rs.getString(2)).isEqualTo("SYSTEM");
        assertThat(rs.getLong(3)).isEqualTo(head.id());
        assertThat(rs.getLong(4)).isEqualTo(events);
        assertThat(rs.getLong(5)).isEqualTo(head.id());
        assertThat(rs.getString(6)).isEqualTo(head.hash());
        assertThat(rs.getLong(7)).isZero();
      }
      // nothing new since: the checkpoint vouches for what it was asked to, no further
      assertRefused(st, head.id(), head.hash(), "22023");

      append(st);
      Head later = head(st);
      long second = checkpoint(st, later);
      assertThat(
              count(
                  st,
                  "SELECT after_id * 1000 + checked FROM audit_checkpoints WHERE event_id = "
                      + second))
          .as("walked from the previous checkpoint's event: itself and the one appended")
          .isEqualTo(head.id() * 1000 + 2);

      // a stretch broken behind the trigger's back is not vouched for
      append(st);
      Head broken = head(st);
      try (Connection owner = schema.connectAsOwner();
          Statement o = owner.createStatement()) {
        o.execute("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete");
        o.execute("UPDATE audit_events SET outcome = 'FAILURE' WHERE id = " + broken.id());
        o.execute("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete");
      }
      long before = count(st, "SELECT count(*) FROM audit_events");
      assertThatThrownBy(() -> checkpoint(st, broken))
          .isInstanceOfSatisfying(
              SQLException.class,
              e -> {
                assertThat(e.getSQLState()).isEqualTo("XX001");
                assertThat(e.getMessage()).contains("event " + broken.id());
              });
      assertThat(count(st, "SELECT count(*) FROM audit_events")).isEqualTo(before);
    }
  }

  private static void assertRefused(Statement st, long id, String hash, String state)
      throws SQLException {
    long before = count(st, "SELECT count(*) FROM audit_events");
    assertThatThrownBy(() -> checkpoint(st, new Head(id, hash)))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo(state));
    assertThat(count(st, "SELECT count(*) FROM audit_events")).isEqualTo(before);
  }

  private static long checkpoint(Statement st, Head head) throws SQLException {
    return count(st, "SELECT audit_append_checkpoint(" + head.id() + ", '" + head.hash() + "')");
  }

  private static void append(Statement st) throws SQLException {
    st.execute(
        "INSERT INTO audit_events (action, target_type, outcome, prev_hash, hash)"
            + " VALUES ('test.event', 'test', 'SUCCESS', '', '')");
  }

  private static Head head(Statement st) throws SQLException {
    try (ResultSet rs =
        st.executeQuery("SELECT id, hash FROM audit_events ORDER BY id DESC LIMIT 1")) {
      rs.next();
      return new Head(rs.getLong(1), rs.getString(2));
    }
  }

  private static long count(Statement st, String sql) throws SQLException {
    try (ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
