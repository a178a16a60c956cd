package io.tenantfabric.controller.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Changes audit events behind the trigger's back, as someone holding the schema owner's credentials
 * could: the runtime role the service uses cannot (RuntimeRoleIT).
 */
public final class Tamper {

  private Tamper() {}

  /** Runs each statement (each must change one row) as the owner with the guard trigger off. */
  public static void auditEvents(TestDatabases.Schema schema, String... statements)
      throws SQLException {
    try (Connection c = schema.connectAsOwner();
        Statement st = c.createStatement()) {
      c.setAutoCommit(false);
      st.execute("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete");
      for (String sql : statements) {
        assertThat(st.executeUpdate(sql)).as(sql).isEqualTo(1);
      }
      st.execute("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete");
      c.commit();
    }
  }
}
