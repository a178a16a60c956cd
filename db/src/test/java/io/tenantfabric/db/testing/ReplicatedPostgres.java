package io.tenantfabric.db.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Two PostgreSQL clusters of this machine's server binaries in a temporary directory, both on
 * 127.0.0.1 with trust authentication: a primary and a standby streaming from it synchronously
 * (made by {@code pg_basebackup -R}), and the steps of a failover as Patroni takes them: {@link
 * #killPrimary} ({@code pg_ctl -m immediate stop}) and {@link #promoteStandby}. {@link #close}
 * stops both and deletes the directory. Used by the failover test and by the chaos benchmark.
 *
 * <p>The binaries come from {@code FABRIC_TEST_PG_BIN}, else {@value #DEFAULT_BIN}; when they are
 * missing the start fails saying so (never a skip). {@code initdb}, {@code pg_ctl} and {@code
 * pg_basebackup} refuse to run as root, so a root JVM runs them as the {@code postgres} user
 * through {@code runuser}, in a directory that user owns.
 */
public final class ReplicatedPostgres implements AutoCloseable {

  /** Where Debian and Ubuntu install PostgreSQL 15's server binaries. */
  public static final String DEFAULT_BIN = "/usr/lib/postgresql/15/bin";

  /** The standby's {@code application_name}, which the primary names as its synchronous one. */
  public static final String STANDBY_NAME = "tf_standby";

  private static final String SUPERUSER = "postgres";
  private static final Duration STEP = Duration.ofSeconds(90);

  private final Path bin;
  private final Path dir;
  private final boolean asPostgres;
  private final int primaryPort;
  private final int standbyPort;

  private ReplicatedPostgres(Path bin, Path dir, boolean asPostgres, int primary, int standby) {
    this.bin = bin;
    this.dir = dir;
    this.asPostgres = asPostgres;
    this.primaryPort = primary;
    this.standbyPort = standby;
  }

  /**
   * Creates both clusters, starts them, makes the standby the primary's synchronous standby, waits
   * until it streams as such, and creates {@code database} on the primary (it replicates).
   */
  public static ReplicatedPostgres start(String database) {
    Path bin = Path.of(envOr("FABRIC_TEST_PG_BIN", DEFAULT_BIN));
    for (String tool : List.of("initdb", "pg_ctl", "pg_basebackup")) {
      if (!Files.isExecutable(bin.resolve(tool))) {
        throw new IllegalStateException(
            "PostgreSQL server binaries not found: no executable "
                + bin.resolve(tool)
                + " (install postgresql-15, or set FABRIC_TEST_PG_BIN to the directory of initdb,"
                + " pg_ctl and pg_basebackup)");
      }
    }
    boolean root = "root".equals(System.getProperty("user.name"));
    int primary = freePort();
    int standby = freePort();
    while (standby == primary) {
      standby = freePort();
    }
    Path dir;
    try {
      dir = Files.createTempDirectory("tf-replicated-");
      if (root) {
        UserPrincipal postgres =
            dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(SUPERUSER);
        Files.setOwner(dir, postgres);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot make a directory for the clusters"
              + (root ? " owned by the postgres user (does it exist?)" : ""),
          e);
    }
    ReplicatedPostgres pg = new ReplicatedPostgres(bin, dir, root, primary, standby);
    try {
      pg.startPair(database);
      return pg;
    } catch (RuntimeException | Error e) {
      pg.close();
      throw e;
    }
  }

  private void startPair(String database) {
    Path primary = dir.resolve("primary");
    Path standby = dir.resolve("standby");
    run(
        "initdb",
        "-D",
        primary.toString(),
        "-U",
        SUPERUSER,
        "-A",
        "trust",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-sync");
    append(
        primary.resolve("postgresql.conf"),
        "listen_addresses = '127.0.0.1'",
        "port = " + primaryPort,
        "unix_socket_directories = '" + dir + "'",
        "wal_level = replica",
        "max_wal_senders = 5",
        "hot_standby = on",
        "max_connections = 60");
    write(
        primary.resolve("pg_hba.conf"),
        "local all all trust",
        "host all all 127.0.0.1/32 trust",
        "local replication all trust",
        "host replication all 127.0.0.1/32 trust");
    pgCtl(primary, "start");
    run(
        "pg_basebackup",
        "-h",
        "127.0.0.1",
        "-p",
        Integer.toString(primaryPort),
        "-U",
        SUPERUSER,
        "-D",
        standby.toString(),
        "-R",
        "-X",
        "stream",
        "--checkpoint=fast");
    append(standby.resolve("postgresql.conf"), "port = " + standbyPort);
    // after -R's own line, so that this one wins: it names the standby for
    // synchronous_standby_names
    append(
        standby.resolve("postgresql.auto.conf"),
        "primary_conninfo = 'host=127.0.0.1 port="
            + primaryPort
            + " user="
            + SUPERUSER
            + " application_name="
            + STANDBY_NAME
            + "'");
    pgCtl(standby, "start");
    // on the primary only: the promoted standby then has no standby of its own to wait for
    sql(
        primaryPort,
        "postgres",
        "ALTER SYSTEM SET synchronous_standby_names = '" + STANDBY_NAME + "'");
    sql(primaryPort, "postgres", "SELECT pg_reload_conf()");
    awaitSynchronous();
    sql(primaryPort, "postgres", "CREATE DATABASE " + database);
  }

  private void awaitSynchronous() {
    long end = System.nanoTime() + STEP.toNanos();
    while (System.nanoTime() < end) {
      try (Connection c = connect(primaryPort, "postgres");
          PreparedStatement st =
              c.prepareStatement(
                  "SELECT count(*) FROM pg_stat_replication WHERE application_name = ?"
                      + " AND state = 'streaming' AND sync_state = 'sync'")) {
        st.setString(1, STANDBY_NAME);
        try (ResultSet rs = st.executeQuery()) {
          rs.next();
          if (rs.getInt(1) == 1) {
            return;
          }
        }
      } catch (SQLException notYet) {
        // the primary may still be starting: asked again below
      }
      sleep(Duration.ofMillis(50));
    }
    throw new IllegalStateException(
        "the standby never became the primary's synchronous standby:\n" + logs());
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the standby", e);
    }
  }

  /**
   * The admin server of a multi-host URL naming both clusters, primary first, for {@code database}:
   * what {@link TestDatabases#freshSchema(TestDatabases.Server, String)} makes a schema on.
   */
  public TestDatabases.Server server(String database) {
    return new TestDatabases.Server(url(database), SUPERUSER, "");
  }

  /**
   * {@code jdbc:postgresql://primary,standby/database?targetServerType=primary&...}, with the
   * timeouts docs/deploy.md recommends ("Replicated PostgreSQL").
   */
  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:"
        + primaryPort
        + ",127.0.0.1:"
        + standbyPort
        + "/"
        + database
        + "?targetServerType=primary&connectTimeout=3&hostRecheckSeconds=2&tcpKeepAlive=true"
        + "&socketTimeout=660";
  }

  /** A connection as the superuser to the standby alone (the primary once it is promoted). */
  public Connection connectToStandby(String database) throws SQLException {
    return connect(standbyPort, database);
  }

  /** Stops the primary at once, without a checkpoint, as a crash or a fencing agent would. */
  public void killPrimary() {
    run("pg_ctl", "-D", dir.resolve("primary").toString(), "-m", "immediate", "-w", "stop");
  }

  /** Promotes the standby and waits until it accepts writes. */
  public void promoteStandby() {
    run("pg_ctl", "-D", dir.resolve("standby").toString(), "-w", "-t", "60", "promote");
    try (Connection c = connect(standbyPort, "postgres");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT pg_is_in_recovery()")) {
      rs.next();
      if (rs.getBoolean(1)) {
        throw new IllegalStateException("the standby is still in recovery after its promotion");
      }
    } catch (SQLException e) {
      throw new IllegalStateException("the promoted standby does not answer: " + e, e);
    }
  }

  /** Both servers' logs, for a failure's message. */
  public String logs() {
    StringBuilder b = new StringBuilder();
    for (String name : List.of("primary.log", "standby.log")) {
      Path log = dir.resolve(name);
      b.append("--- ").append(name).append('\n');
      try {
        List<String> lines = Files.readAllLines(log);
        b.append(String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
      } catch (IOException e) {
        b.append("(none: ").append(e.getMessage()).append(')');
      }
      b.append('\n');
    }
    return b.toString();
  }

  /** Stops whichever cluster still runs and deletes the directory, failures or not. */
  @Override
  public void close() {
    for (String cluster : List.of("standby", "primary")) {
      Path data = dir.resolve(cluster);
      if (Files.exists(data.resolve("postmaster.pid"))) {
        try {
          run("pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "stop");
        } catch (RuntimeException alreadyGone) {
          // a cluster that is not running has nothing to stop; the directory goes below
        }
      }
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }

  private void pgCtl(Path data, String action) {
    String log = dir.resolve(data.getFileName() + ".log").toString();
    run("pg_ctl", "-D", data.toString(), "-l", log, "-w", "-t", "60", action);
  }

  private void run(String tool, String... args) {
    List<String> command = new ArrayList<>();
    if (asPostgres) {
      command.addAll(List.of("runuser", "-u", SUPERUSER, "--"));
    }
    command.add(bin.resolve(tool).toString());
    command.addAll(List.of(args));
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).directory(dir.toFile());
    try {
      Process p = pb.start();
      // the output is small (a few lines of progress); read it all before waiting
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(STEP.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " did not finish:\n" + output);
      }
      if (p.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", command)
                + " exited "
                + p.exitValue()
                + ":\n"
                + output
                + "\n"
                + logs());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + tool, e);
    }
  }

  private void sql(int port, String database, String statement) {
    try (Connection c = connect(port, database);
        Statement st = c.createStatement()) {
      st.execute(statement);
    } catch (SQLException e) {
      throw new IllegalStateException(statement + " failed on port " + port + ": " + e, e);
    }
  }

  private static Connection connect(int port, String database) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?connectTimeout=5",
        SUPERUSER,
        "");
  }

  private static void append(Path file, String... lines) {
    writeLines(file, lines, StandardOpenOption.APPEND);
  }

  private static void write(Path file, String... lines) {
    writeLines(file, lines, StandardOpenOption.TRUNCATE_EXISTING);
  }

  // the file keeps its owner (the postgres user) either way: it is written, not replaced
  private static void writeLines(Path file, String[] lines, StandardOpenOption mode) {
    try {
      Files.writeString(
          file, "\n" + String.join("\n", lines) + "\n", StandardOpenOption.WRITE, mode);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String envOr(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }
}
