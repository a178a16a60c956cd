package io.tenantfabric.db.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * V14: a switch's generations move in place (HOT updates), so that the generation bump of every
 * allocation group and the outcome of every batch leave no dead row versions for vacuum. Counted
 * with PostgreSQL's own table statistics, which say how many updates were HOT.
 */
class SwitchRowsHotIT {

  @Test
  void generationBumpsAndAppliedGenerationsAreHeapOnlyUpdates() throws SQLException {
    TestDatabases.Schema schema = TestDatabases.freshSchema("v14_hot");
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO switches (name, role) SELECT 'leaf-' || g, 'LEAF' FROM"
              + " generate_series(1, 32) g");
      c.setAutoCommit(false);
      for (int round = 0; round < 20; round++) { // one transaction each, as in the product
        // as IntentGenerations.advance bumps a group's leaves and a batch's outcome records them
        st.execute(
            "UPDATE switches SET desired_generation = desired_generation + 1"
                + " WHERE name IN ('leaf-1', 'leaf-2', 'leaf-3', 'leaf-4')");
        st.execute(
            "UPDATE switches SET applied_generation = desired_generation, state = 'IN_SYNC'"
                + " WHERE name IN ('leaf-1', 'leaf-2', 'leaf-3', 'leaf-4')");
        c.commit();
      }
      // this backend's counts: those flushed to the shared statistics, plus those not yet flushed
      // (pg_stat_get_xact_*: they accumulate across its transactions until a flush moves them)
      try (ResultSet rs =
          st.executeQuery(
              "SELECT pg_stat_get_tuples_updated(t) + pg_stat_get_xact_tuples_updated(t),"
                  + " pg_stat_get_tuples_hot_updated(t) + pg_stat_get_xact_tuples_hot_updated(t)"
                  + " FROM (SELECT 'switches'::regclass::oid AS t) x")) {
        rs.next();
        assertThat(rs.getLong(1)).as("updates").isEqualTo(160);
        assertThat(rs.getLong(2))
            .as("of them HOT (none were while an index named the generations)")
            .isEqualTo(160);
      }
    }
  }
}
