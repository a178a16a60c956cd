package io.tenantfabric.controller.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.controller.TenantFabricApplication;
import io.tenantfabric.controller.support.ApiClient;
import io.tenantfabric.controller.support.FreshSchemaInitializer;
import io.tenantfabric.db.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The migrate step and the service's start-up guard on real PostgreSQL roles: {@code --migrate}
 * runs as the owner and exits 0 (and again, idempotently), warning while roles other than its two
 * may connect to the database; the service refuses a schema that is not migrated, and refuses to
 * connect as the owner or as a superuser.
 */
class MigrateCommandIT {

  @Test
  void migrateRunsAsTheOwnerExitsZeroAndIsIdempotent() {
    TestDatabases.Schema schema = TestDatabases.emptySchema("it_migrate");
    Run first = migrate(env(schema, schema.ownerUser(), schema.user()));
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).contains("as " + schema.ownerUser()).contains("schema now at version");
    assertThat(first.out()).doesNotContain(schema.ownerPassword());

    Run again = migrate(env(schema, schema.ownerUser(), schema.user()));
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.out()).contains("0 migration(s) applied");
  }

  @Test
  void migrateWarnsWhileEveryRoleOfTheClusterMayConnectToTheDatabase() {
    // a new database, as PostgreSQL makes it: CONNECT and TEMPORARY granted to PUBLIC
    TestDatabases.Schema schema = TestDatabases.emptySchema("it_migrate_public");
    Run r = migrate(env(schema, schema.ownerUser(), schema.user()));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err())
        .contains("warning: database ")
        .contains("every role of the cluster may connect to it")
        .contains("FROM PUBLIC;");
  }

  @Test
  void migrateDoesNotWarnAboutADatabaseOnlyItsTwoRolesMayUse() throws Exception {
    TestDatabases.Server admin = TestDatabases.server();
    String name = "it_locked_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(admin.url(), admin.user(), admin.password());
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE " + name + " OWNER " + TestDatabases.OWNER);
      st.execute("REVOKE CONNECT, TEMPORARY ON DATABASE " + name + " FROM PUBLIC");
      st.execute(
          "GRANT CONNECT ON DATABASE "
              + name
              + " TO "
              + TestDatabases.OWNER
              + ", "
              + TestDatabases.RUNTIME);
    }
    try {
      TestDatabases.Schema any = TestDatabases.emptySchema("it_migrate_locked");
      Run r =
          migrate(
              Map.of(
                  "FABRIC_DB_URL",
                  otherDatabase(admin.url(), name),
                  "FABRIC_DB_OWNER_USER",
                  any.ownerUser(),
                  "FABRIC_DB_OWNER_PASSWORD",
                  any.ownerPassword(),
                  "FABRIC_DB_USER",
                  any.user()));
      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(r.err()).doesNotContain("warning");
    } finally {
      try (Connection c = DriverManager.getConnection(admin.url(), admin.user(), admin.password());
          Statement st = c.createStatement()) {
        st.execute("DROP DATABASE " + name + " WITH (FORCE)");
      }
    }
  }

  @Test
  void migrateRefusesOneRoleForBothJobs() {
    TestDatabases.Schema schema = TestDatabases.emptySchema("it_migrate_same");
    Run r = migrate(env(schema, schema.ownerUser(), schema.ownerUser()));
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err()).contains("must be two roles");
  }

  @Test
  void theServiceRefusesASchemaFromBeforeTheRoleSplit() {
    TestDatabases.Schema schema = TestDatabases.emptySchema("it_guard_v3");
    TestDatabases.migrate(schema, "3");
    assertThatThrownBy(() -> start(schema, schema.user(), schema.password()).close())
        .rootCause()
        .hasMessageContaining("may not use the schema")
        .hasMessageContaining("--migrate");
  }

  @Test
  void theServiceRefusesASchemaWithPendingMigrations() throws Exception {
    TestDatabases.Schema schema = TestDatabases.emptySchema("it_guard_pending");
    TestDatabases.migrate(schema, "5");
    // a later build's migration that this database has not had yet
    try (var c = schema.connectAsOwner();
        var st = c.createStatement()) {
      st.execute("DELETE FROM flyway_schema_history WHERE version = '5'");
    }
    assertThatThrownBy(() -> start(schema, schema.user(), schema.password()).close())
        .rootCause()
        .hasMessageContaining("schema is at version 4")
        .hasMessageContaining("--migrate");
  }

  @Test
  void theServiceRefusesToConnectAsTheOwner() {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_guard_owner");
    assertThatThrownBy(() -> start(schema, schema.ownerUser(), schema.ownerPassword()).close())
        .rootCause()
        .hasMessageContaining("owner of the schema's tables");
  }

  @Test
  void theServiceRefusesToConnectAsASuperuser() {
    TestDatabases.Schema schema = TestDatabases.freshSchema("it_guard_super");
    TestDatabases.Server admin = TestDatabases.server();
    assertThatThrownBy(() -> start(schema, admin.user(), admin.password()).close())
        .rootCause()
        .hasMessageContaining("superuser");
  }

  private static Map<String, String> env(
      TestDatabases.Schema schema, String owner, String runtime) {
    return Map.of(
        "FABRIC_DB_URL",
        schema.url(),
        "FABRIC_DB_OWNER_USER",
        owner,
        "FABRIC_DB_OWNER_PASSWORD",
        schema.ownerPassword(),
        "FABRIC_DB_USER",
        runtime);
  }

  // the same server and parameters, another database
  private static String otherDatabase(String url, String database) {
    int q = url.indexOf('?');
    String path = q < 0 ? url : url.substring(0, q);
    return path.substring(0, path.lastIndexOf('/') + 1)
        + database
        + (q < 0 ? "" : url.substring(q));
  }

  private record Run(int exit, String out, String err) {}

  private static Run migrate(Map<String, String> env) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        MigrateCommand.run(
            env,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static ConfigurableApplicationContext start(
      TestDatabases.Schema schema, String user, String password) {
    Map<String, Object> props = new HashMap<>(FreshSchemaInitializer.properties(schema));
    props.put("spring.datasource.username", user);
    props.put("spring.datasource.password", password);
    props.put("server.port", 0);
    props.put("server.address", "127.0.0.1");
    props.put("fabric.bootstrap-token", ApiClient.BOOTSTRAP_TOKEN);
    props.put("logging.level.root", "OFF");
    String[] args =
        props.entrySet().stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
    return new SpringApplicationBuilder(TenantFabricApplication.class).run(args);
  }
}
