package io.tenantfabric.controller.support;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Looks into a test schema directly, for tests that run the controller as a process. */
public final class SchemaQueries {

  private SchemaQueries() {}

  /** The single number {@code sql} selects. */
  public static long count(TestDatabases.Schema schema, String sql) {
    try (Connection c = schema.connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
