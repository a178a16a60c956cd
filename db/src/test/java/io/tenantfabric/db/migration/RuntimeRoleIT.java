package io.tenantfabric.db.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.db.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The runtime role gets exactly the privileges of V5: business rows yes; changing or removing audit
 * events, their triggers, the schema or Flyway's history no; analyzing the topology only through
 * V11's function. Real PostgreSQL, real roles.
 */
class RuntimeRoleIT {

  private static TestDatabases.Schema schema;

  @BeforeAll
  static void migratedSchemaWithOneAuditEvent() throws SQLException {
    schema = TestDatabases.freshSchema("roles");
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO audit_events (action, target_type, outcome, prev_hash, hash)"
              + " VALUES ('test.event', 'test', 'SUCCESS', '', '')");
    }
  }

  @Test
  void runtimeRoleAppendsAndReadsAuditEvents() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO audit_events (action, target_type, outcome, prev_hash, hash)"
              + " VALUES ('test.second', 'test', 'SUCCESS', '', '')");
      var rs = st.executeQuery("SELECT count(*), max(form) FROM audit_events");
      rs.next();
      assertThat(rs.getInt(1)).isGreaterThanOrEqualTo(2);
      assertThat(rs.getInt(2)).as("new events are hashed in form 2").isEqualTo(2);
    }
  }

  @Test
  void runtimeRoleCannotChangeOrRemoveAuditEvents() {
    assertRefused("UPDATE audit_events SET outcome = 'FAILURE'", "permission denied");
    assertRefused("DELETE FROM audit_events", "permission denied");
    assertRefused("TRUNCATE audit_events", "permission denied");
  }

  @Test
  void runtimeRoleCannotSwitchTheAuditTriggersOff() {
    assertRefused(
        "ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete", "must be owner");
    assertRefused("ALTER TABLE audit_events DISABLE TRIGGER ALL", "must be owner");
    assertRefused("DROP TRIGGER audit_events_no_update_delete ON audit_events", "must be owner");
    assertRefused("SET session_replication_role = replica", "permission denied");
  }

  @Test
  void runtimeRoleCannotChangeTheSchemaNorFlywaysHistory() {
    assertRefused("CREATE TABLE intruder (id int)", "permission denied");
    assertRefused("DROP TABLE tenants", "must be owner");
    assertRefused("ALTER TABLE tenants ADD COLUMN x int", "must be owner");
    assertRefused("DELETE FROM flyway_schema_history", "permission denied");
    assertRefused("TRUNCATE tenants", "permission denied");
  }

  @Test
  void runtimeRoleWritesBusinessRows() throws SQLException {
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      st.execute(
          "INSERT INTO tenants (name, display_name, gpu_quota) VALUES ('rolecheck', 'R', 8)");
      assertThat(st.executeUpdate("UPDATE tenants SET gpu_quota = 16 WHERE name = 'rolecheck'"))
          .isEqualTo(1);
    }
  }

  @Test
  void runtimeRoleAnalyzesTheTopologyOnlyThroughTheOwnersFunction() throws SQLException {
    List<String> topology = List.of("switches", "servers", "gpus", "ports", "links");
    try (Connection c = schema.connect();
        Statement st = c.createStatement()) {
      // reltuples is -1 until a table is first vacuumed or analyzed (PostgreSQL 14 and later)
      assertThat(reltuples(st, topology)).as("never analyzed").containsOnly(-1.0);
      st.execute("ANALYZE gpus"); // not the owner: PostgreSQL skips the table with a warning
      assertThat(reltuples(st, List.of("gpus"))).as("skipped").containsOnly(-1.0);
      st.execute("SELECT analyze_topology()");
      assertThat(reltuples(st, topology)).as("analyzed, all empty").containsOnly(0.0);
      assertThat(reltuples(st, List.of("tenants"))).as("only the topology").containsOnly(-1.0);
    }
  }

  private static List<Double> reltuples(Statement st, List<String> tables) throws SQLException {
    List<Double> out = new ArrayList<>();
    for (String table : tables) {
      try (var rs =
          st.executeQuery("SELECT reltuples FROM pg_class WHERE oid = '" + table + "'::regclass")) {
        rs.next();
        out.add(rs.getDouble(1));
      }
    }
    return out;
  }

  @Test
  void startUpCheckAcceptsTheRuntimeRoleAndRefusesOwnerAndSuperuser() throws SQLException {
    try (Connection c = schema.connect()) {
      assertThatCode(() -> RuntimeRoleCheck.requireRuntimeRole(c)).doesNotThrowAnyException();
    }
    try (Connection c = schema.connectAsOwner()) {
      assertThatThrownBy(() -> RuntimeRoleCheck.requireRuntimeRole(c))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("owner")
          .hasMessageContaining(TestDatabases.OWNER);
    }
    TestDatabases.Server admin = TestDatabases.server();
    try (Connection c = DriverManager.getConnection(schema.url(), admin.user(), admin.password())) {
      boolean superuser;
      try (var rs =
          c.createStatement()
              .executeQuery("SELECT rolsuper FROM pg_roles" + " WHERE rolname = current_user")) {
        rs.next();
        superuser = rs.getBoolean(1);
      }
      assertThat(superuser).as("the test admin user is a superuser here").isTrue();
      assertThatThrownBy(() -> RuntimeRoleCheck.requireRuntimeRole(c))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("superuser");
    }
  }

  @Test
  void migratingWithTheOwnerAsRuntimeRoleIsRefused() {
    TestDatabases.Schema empty = TestDatabases.emptySchema("roles_same");
    assertThatThrownBy(
            () ->
                SchemaMigrations.configure(
                        empty.url(), empty.ownerUser(), empty.ownerPassword(), empty.ownerUser())
                    .schemas(empty.name())
                    .defaultSchema(empty.name())
                    .load()
                    .migrate())
        .hasMessageContaining("must not be the schema owner");
  }

  @Test
  void migratingForAMissingRuntimeRoleIsRefused() {
    TestDatabases.Schema empty = TestDatabases.emptySchema("roles_missing");
    assertThatThrownBy(
            () ->
                SchemaMigrations.configure(
                        empty.url(), empty.ownerUser(), empty.ownerPassword(), "no_such_role_tf")
                    .schemas(empty.name())
                    .defaultSchema(empty.name())
                    .load()
                    .migrate())
        .hasMessageContaining("runtime role \"no_such_role_tf\" does not exist");
  }

  @Test
  void roleNamesThatCouldBreakOutOfTheMigrationAreRefused() {
    assertThatThrownBy(() -> SchemaMigrations.requireRole("app'; DROP TABLE x; --"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a usable database role name");
    assertThat(SchemaMigrations.requireRole("tenant_fabric")).isEqualTo("tenant_fabric");
  }

  private static void assertRefused(String sql, String message) {
    assertThatThrownBy(
            () -> {
              try (Connection c = schema.connect();
                  Statement st = c.createStatement()) {
                st.execute(sql);
              }
            })
        .as(sql)
        .isInstanceOf(SQLException.class)
        .hasMessageContaining(message);
  }
}
