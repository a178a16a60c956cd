package io.tenantfabric.db.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Where tests find PostgreSQL: {@code FABRIC_TEST_DB_URL} when set (CI sets it to the local
 * server), else a Testcontainers PostgreSQL when Docker is available, else a failure that says
 * which to provide. Never skips: a skipped database test would be a hole in CI.
 *
 * <p>Every caller gets its own fresh schema, so concurrent runs and test classes never see each
 * other's rows.
 */
public final class TestDatabases {

  /** The environment variable CI sets to a reachable PostgreSQL JDBC URL. */
  public static final String ENV_URL = "FABRIC_TEST_DB_URL";

  private static volatile Server server;

  private TestDatabases() {}

  /** A server to connect to: URL, user and password. */
  public record Server(String url, String user, String password) {}

  /** A fresh, empty schema on the test server and the JDBC URL whose search path points at it. */
  public record Schema(String name, String url, String user, String password) {}

  /** Creates a new empty schema whose name starts with {@code prefix} and returns it. */
  public static Schema freshSchema(String prefix) {
    Server s = server();
    String name =
        (prefix.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "_")
                + "_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12))
            .replaceAll("^([^a-z])", "s_$1");
    try (Connection c = DriverManager.getConnection(s.url(), s.user(), s.password());
        Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create test schema on " + s.url() + ": " + e, e);
    }
    String sep = s.url().contains("?") ? "&" : "?";
    return new Schema(name, s.url() + sep + "currentSchema=" + name, s.user(), s.password());
  }

  /** The server every test uses, resolved once per JVM. */
  public static Server server() {
    Server s = server;
    if (s == null) {
      synchronized (TestDatabases.class) {
        s = server;
        if (s == null) {
          s = resolve();
          server = s;
        }
      }
    }
    return s;
  }

  private static Server resolve() {
    String url = System.getenv(ENV_URL);
    if (url != null && !url.isBlank()) {
      String user = envOr("FABRIC_TEST_DB_USER", "postgres");
      String password = envOr("FABRIC_TEST_DB_PASSWORD", "");
      return new Server(url, user, password);
    }
    if (dockerAvailable()) {
      PostgreSQLContainer pg = new PostgreSQLContainer("postgres:15-alpine");
      pg.start();
      return new Server(pg.getJdbcUrl(), pg.getUsername(), pg.getPassword());
    }
    throw new IllegalStateException(
        "Tests need PostgreSQL: set "
            + ENV_URL
            + " (for example jdbc:postgresql://127.0.0.1:5432/test, with FABRIC_TEST_DB_USER /"
            + " FABRIC_TEST_DB_PASSWORD if not postgres/empty) or run where Docker is available"
            + " for Testcontainers.");
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  private static String envOr(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }
}
