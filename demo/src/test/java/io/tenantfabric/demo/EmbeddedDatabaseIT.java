package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded PostgreSQL the demo makes, on real binaries: every role logs in with its password
 * over 127.0.0.1 and there is no other way in (no trust, no Unix socket); the generated passwords
 * are kept {@code 0600} and a restart uses them again; only the owner and the runtime role may
 * connect to the demo's database; and a cluster made before the demo kept passwords, which trusted
 * every local user, gets them on its next start.
 */
class EmbeddedDatabaseIT {

  // PostgreSQL's binaries are unpacked once for the class
  @TempDir static Path binaries;

  @TempDir Path dir;

  private final PrintStream out =
      new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

  @Test
  void everyRoleNeedsItsKeptPasswordAndARestartUsesTheSameOnes() throws Exception {
    int port = freePort();
    Path passwords = dir.resolve("postgres-passwords");
    DatabaseSettings settings = DatabaseSettings.from(Map.of());
    String superuser;
    try (EmbeddedDatabase db = start(port)) {
      superuser = db.passwords().get(EmbeddedDatabase.SUPERUSER_PASSWORD);
      assertRefused("postgres", "", port);
      assertRefused("postgres", "not-the-password", port);
      assertThat(query(port, "postgres", superuser, "SELECT current_user")).isEqualTo("postgres");
      assertThat(Path.of("/tmp/.s.PGSQL." + port)).as("a Unix socket").doesNotExist();
      assertThat(Files.readString(dir.resolve("postgres/pg_hba.conf"))).doesNotContain("trust");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(passwords)))
          .isEqualTo("rw-------");

      DatabaseSettings made =
          settings
              .withPasswords(
                  db.passwords().get(EmbeddedDatabase.OWNER_PASSWORD),
                  db.passwords().get(EmbeddedDatabase.RUNTIME_PASSWORD))
              .withAdmin(EmbeddedDatabase.SUPERUSER, superuser);
      DatabaseSetup.ensure("127.0.0.1", port, made, Set.of(made.ownerUser(), made.runtimeUser()));
      assertRefused(made.runtimeUser(), "", port);
      assertThat(
              query(
                  port,
                  made.runtimeUser(),
                  made.runtimePassword(),
                  "SELECT has_database_privilege('public', current_database()::text, 'CONNECT')"
                      + " OR has_database_privilege('public', current_database()::text,"
                      + " 'TEMPORARY') OR has_database_privilege(current_user,"
                      + " current_database()::text, 'TEMPORARY')"))
          .isEqualTo("f");
    }
    String kept = Files.readString(passwords);

    try (EmbeddedDatabase again = start(port)) {
      assertThat(again.passwords().get(EmbeddedDatabase.SUPERUSER_PASSWORD)).isEqualTo(superuser);
      assertThat(query(port, "postgres", superuser, "SELECT 1")).isEqualTo("1");
    }
    assertThat(Files.readString(passwords)).isEqualTo(kept);
  }

  @Test
  void aClusterMadeWithTrustForEveryLocalUserGetsPasswordsOnItsNextStart() throws Exception {
    int port = freePort();
    // as the demo made its cluster before it kept passwords: zonky's defaults, initdb -A trust
    try (EmbeddedPostgres old =
        EmbeddedPostgres.builder()
            .setOverrideWorkingDirectory(binaries.toFile())
            .setDataDirectory(dir.resolve("postgres"))
            .setCleanDataDirectory(false)
            .setRegisterShutdownHook(false)
            .setPort(port)
            .setServerConfig("listen_addresses", "127.0.0.1")
            .start()) {
      assertThat(query(old.getPort(), "postgres", "", "SELECT 1")).as("trusted").isEqualTo("1");
    }
    Files.createFile(dir.resolve("postgres/tenant-fabric-cluster-made"));

    try (EmbeddedDatabase db = start(port)) {
      assertRefused("postgres", "", port);
      assertThat(
              query(
                  port,
                  "postgres",
                  db.passwords().get(EmbeddedDatabase.SUPERUSER_PASSWORD),
                  "SELECT 1"))
          .isEqualTo("1");
    }
  }

  private EmbeddedDatabase start(int port) throws Exception {
    return EmbeddedDatabase.start(
        dir.resolve("postgres"),
        binaries,
        dir.resolve("postgres-passwords"),
        port,
        dir.resolve("postgres.log"),
        out);
  }

  private static void assertRefused(String user, String password, int port) {
    assertThatThrownBy(() -> query(port, user, password, "SELECT 1"))
        .as("%s logs in with password '%s'", user, password)
        .isInstanceOf(SQLException.class);
  }

  private static String query(int port, String user, String password, String sql)
      throws SQLException {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:" + port + "/" + database(user), user, password);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  // the superuser's own database, else the demo's
  private static String database(String user) {
    return EmbeddedDatabase.SUPERUSER.equals(user) ? "postgres" : DatabaseSetup.DATABASE;
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
