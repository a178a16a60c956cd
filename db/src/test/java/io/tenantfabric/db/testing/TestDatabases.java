package io.tenantfabric.db.testing;

import io.tenantfabric.db.migration.SchemaMigrations;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * Where tests find PostgreSQL: {@code FABRIC_TEST_DB_URL} when set (CI sets it to the local
 * server), else one embedded PostgreSQL per JVM ({@link EmbeddedTestServer}), else a failure that
 * says what to provide. Never skips: a skipped database test would be a hole in CI.
 *
 * <p>Tests use the production role split (docs/security.md, "Database roles"): the admin user of
 * {@code FABRIC_TEST_DB_URL} creates the roles {@value #OWNER} and {@value #RUNTIME} once per
 * cluster and a schema per caller owned by {@value #OWNER}; migrations run as the owner through
 * {@link SchemaMigrations}, and the application under test connects as the runtime role, so that
 * the whole suite runs with the service's privileges. Every caller gets its own fresh schema, so
 * concurrent runs and test classes never see each other's rows.
 */
public final class TestDatabases {

  /** The environment variable CI sets to a reachable PostgreSQL JDBC URL. */
  public static final String ENV_URL = "FABRIC_TEST_DB_URL";

  /** The schema owner role of every test schema: it runs the migrations. */
  public static final String OWNER = "tf_test_owner";

  /** The runtime role the application under test connects as. */
  public static final String RUNTIME = "tf_test_app";

  // test-only credentials: the roles exist only on test servers (trust or password auth)
  private static final String OWNER_PASSWORD = "tf-test-owner-pw";
  private static final String RUNTIME_PASSWORD = "tf-test-app-pw";

  private static volatile Server server;

  private TestDatabases() {}

  /** The server's admin connection: URL, user and password (creates roles and schemas). */
  public record Server(String url, String user, String password) {}

  /**
   * A schema on the test server: the JDBC URL whose search path points at it, the runtime role's
   * credentials ({@code user}, {@code password}) and the owner's.
   */
  public record Schema(
      String name,
      String url,
      String user,
      String password,
      String ownerUser,
      String ownerPassword) {

    /** A new connection as the runtime role. */
    public Connection connect() throws SQLException {
      return DriverManager.getConnection(url, user, password);
    }

    /** A new connection as the schema owner (migrations, tamper tests). */
    public Connection connectAsOwner() throws SQLException {
      return DriverManager.getConnection(url, ownerUser, ownerPassword);
    }

    /** The number {@code sql} selects (one row, one column), read as the runtime role. */
    public long count(String sql) throws SQLException {
      try (Connection c = connect();
          Statement st = c.createStatement();
          ResultSet rs = st.executeQuery(sql)) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /** A new schema whose name starts with {@code prefix}, migrated to the latest version. */
  public static Schema freshSchema(String prefix) {
    Schema schema = emptySchema(prefix);
    migrate(schema, null);
    return schema;
  }

  /**
   * A new schema on {@code server} rather than the suite's (a cluster a test runs itself, such as a
   * replicated pair), migrated to the latest version, with both test roles created there first.
   */
  public static Schema freshSchema(Server server, String prefix) {
    createRoles(server);
    Schema schema = emptySchema(server, prefix);
    migrate(schema, null);
    return schema;
  }

  /** A new, empty schema owned by {@value #OWNER}; migrate it with {@link #migrate}. */
  public static Schema emptySchema(String prefix) {
    return emptySchema(server(), prefix);
  }

  private static Schema emptySchema(Server s, String prefix) {
    String name =
        (prefix.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_")
                + "_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12))
            .replaceAll("^([^a-z])", "s_$1");
    try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password());
        Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + name + " AUTHORIZATION " + OWNER);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create test schema on " + s.url() + ": " + e, e);
    }
    String sep = s.url().contains("?") ? "&" : "?";
    return new Schema(
        name,
        s.url() + sep + "currentSchema=" + name,
        RUNTIME,
        RUNTIME_PASSWORD,
        OWNER,
        OWNER_PASSWORD);
  }

  /**
   * Migrates {@code schema} as its owner, to {@code targetVersion} (like {@code "3"}) or to the
   * latest when null, exactly as the {@code --migrate} step does.
   */
  public static void migrate(Schema schema, String targetVersion) {
    var config =
        SchemaMigrations.configure(
                schema.url(), schema.ownerUser(), schema.ownerPassword(), RUNTIME)
            .schemas(schema.name())
            .defaultSchema(schema.name());
    if (targetVersion != null) {
      config = config.target(targetVersion);
    }
    config.load().migrate();
  }

  /** The server every test uses, resolved once per JVM, with both test roles in place. */
  public static Server server() {
    Server s = server;
    if (s == null) {
      synchronized (TestDatabases.class) {
        s = server;
        if (s == null) {
          s = resolve();
          createRoles(s);
          server = s;
        }
      }
    }
    return s;
  }

  // Once per cluster: CREATE ROLE has no IF NOT EXISTS, and two JVMs may race (duplicate_object).
  private static void createRoles(Server s) {
    try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password());
        Statement st = c.createStatement()) {
      for (String[] role : new String[][] {{OWNER, OWNER_PASSWORD}, {RUNTIME, RUNTIME_PASSWORD}}) {
        st.execute(
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '"
                + role[0]
                + "') THEN CREATE ROLE "
                + role[0]
                + " LOGIN PASSWORD '"
                + role[1]
                + "'; END IF; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;"
                + " END $$");
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot create the test roles "
              + OWNER
              + " and "
              + RUNTIME
              + " on "
              + s.url()
              + " (the test admin user needs CREATEROLE): "
              + e,
          e);
    }
  }

  private static Server resolve() {
    String url = System.getenv(ENV_URL);
    if (url != null && !url.isBlank()) {
      String user = envOr("FABRIC_TEST_DB_USER", "postgres");
      String password = envOr("FABRIC_TEST_DB_PASSWORD", "");
      return new Server(url, user, password);
    }
    try {
      return EmbeddedTestServer.start();
    } catch (RuntimeException | IOException | ExceptionInInitializerError e) {
      throw new IllegalStateException(
          "Tests need PostgreSQL and the embedded one did not start ("
              + e
              + "): set "
              + ENV_URL
              + " (for example jdbc:postgresql://127.0.0.1:5432/test, with FABRIC_TEST_DB_USER /"
              + " FABRIC_TEST_DB_PASSWORD if not postgres/empty; that user creates the test roles"
              + " and schemas). The embedded server ships binaries for linux-amd64 only.",
          e);
    }
  }

  private static String envOr(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }
}
