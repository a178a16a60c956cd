package io.tenantfabric.db.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The intent version (V9, V12) moves once per transaction that changes what placement and the pools
 * depend on, however many rows it changes, to a value no other transaction gets; not at all for a
 * transaction that rolls back; and again after a savepoint that undid the first move. Real
 * PostgreSQL, as the runtime role.
 */
class IntentVersionIT {

  private static TestDatabases.Schema schema;

  @BeforeAll
  static void migrated() {
    schema = TestDatabases.freshSchema("intentversion");
  }

  @Test
  void aTransactionGivingPoolsToFourTenantsMovesTheVersionOnce() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      long before = version(st);
      long sequenceBefore = sequence(st);
      c.setAutoCommit(false);
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota)"
              + " SELECT 'once-' || g, 'o', 8 FROM generate_series(1, 4) g");
      st.execute(
          "UPDATE tenants SET vni = 50000 + id, prefix = '10.77.' || id || '.0/24'"
              + " WHERE name LIKE 'once-%'");
      long inside = version(st);
      c.commit();
      assertThat(inside).as("moved, seen by the transaction itself").isGreaterThan(before);
      assertThat(version(st)).isEqualTo(inside);
      assertThat(sequence(st) - sequenceBefore).as("one value drawn for four rows").isEqualTo(1);

      st.execute("UPDATE tenants SET vni = NULL, prefix = NULL WHERE name = 'once-1'");
      c.commit();
      assertThat(version(st)).as("the next transaction moves it again").isGreaterThan(inside);
    }
  }

  @Test
  void aRolledBackChangeLeavesTheVersionAndASavepointRolledBackDoesNotHideTheNextChange()
      throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota, vni, prefix)"
              + " VALUES ('undo-1', 'u', 8, 60001, '10.78.1.0/24')");
      long before = version(st);
      c.setAutoCommit(false);
      st.execute("UPDATE tenants SET vni = 60002 WHERE name = 'undo-1'");
      c.rollback();
      assertThat(version(st)).as("rolled back").isEqualTo(before);

      var savepoint = c.setSavepoint();
      st.execute("UPDATE tenants SET vni = 60003 WHERE name = 'undo-1'");
      c.rollback(savepoint);
      st.execute("UPDATE tenants SET vni = 60004 WHERE name = 'undo-1'");
      c.commit();
      assertThat(version(st))
          .as("the move undone with the savepoint is made again by the change after it")
          .isGreaterThan(before);

      // a setting left over or set by hand names another transaction: it cannot skip a move
      st.execute("SET tenant_fabric.intent_moved_in = '1'");
      long beforeForged = version(st);
      st.execute("UPDATE tenants SET vni = 60005 WHERE name = 'undo-1'");
      c.commit();
      assertThat(version(st)).isGreaterThan(beforeForged);
    }
  }

  private static long version(Statement st) throws SQLException {
    try (var rs = st.executeQuery("SELECT version FROM intent_version")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static long sequence(Statement st) throws SQLException {
    try (var rs = st.executeQuery("SELECT last_value FROM intent_version_seq")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
