package io.tenantfabric.demo;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * An embedded PostgreSQL (zonky's binaries from Maven Central) whose data directory is kept across
 * runs, listening on 127.0.0.1 only; its superuser is {@code postgres} with trust authentication on
 * loopback. A start after a killed run first stops the server that run left (the postmaster runs in
 * a session of its own, so it outlives a killed parent) or removes its stale {@code
 * postmaster.pid}.
 */
final class EmbeddedDatabase implements AutoCloseable {
  static final String SUPERUSER = "postgres";
  private static final Duration STOP_WAIT = Duration.ofSeconds(30);
  // written once the cluster has started for the first time (PostgreSQL ignores unknown files)
  private static final String MADE_MARKER = "tenant-fabric-cluster-made";

  private final EmbeddedPostgres pg;
  private final long postmasterPid;

  private EmbeddedDatabase(EmbeddedPostgres pg, long postmasterPid) {
    this.pg = pg;
    this.postmasterPid = postmasterPid;
  }

  /** Starts the server on {@code port}, creating the cluster in {@code dataDir} the first time. */
  static EmbeddedDatabase start(Path dataDir, int port, Path log, PrintStream out)
      throws IOException, DemoException {
    cleanUpAfterKilledRun(dataDir, out);
    Path made = dataDir.resolve(MADE_MARKER);
    if (!Files.exists(made) && Files.isDirectory(dataDir)) {
      // a first start killed during initdb leaves a half-made cluster: make it again
      try (var files = Files.walk(dataDir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(dataDir);
    Files.deleteIfExists(log);
    EmbeddedPostgres pg;
    try {
      pg =
          EmbeddedPostgres.builder()
              .setDataDirectory(dataDir)
              .setCleanDataDirectory(false)
              // stopped by DemoRun in its order (after the controller), not by a hook of its own
              .setRegisterShutdownHook(false)
              .setPort(port)
              .setServerConfig("listen_addresses", "127.0.0.1")
              .setPGStartupWait(Duration.ofSeconds(60))
              .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException | RuntimeException | ExceptionInInitializerError e) {
      throw new DemoException(
          "the embedded PostgreSQL did not start ("
              + e.getMessage()
              + "); its log: "
              + log
              + ". Or point the demo at a server with FABRIC_DB_URL",
          e);
    }
    if (!Files.exists(made)) {
      Files.createFile(made);
    }
    return new EmbeddedDatabase(pg, postmasterPid(dataDir).orElse(-1L));
  }

  int port() {
    return pg.getPort();
  }

  /** The JDBC URL of {@code database} on this server. */
  String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/" + database;
  }

  long postmasterPid() {
    return postmasterPid;
  }

  /** Stops the server ({@code pg_ctl stop -m fast}) and waits until its postmaster has exited. */
  @Override
  public void close() {
    try {
      pg.close();
    } catch (IOException e) {
      // the wait below decides
    }
    ProcessHandle.of(postmasterPid).ifPresent(EmbeddedDatabase::awaitExit);
  }

  /**
   * Stops the server a killed run left on {@code dataDir}, or removes its stale {@code
   * postmaster.pid}; only to be called while holding the data directory's lock.
   */
  static void cleanUpAfterKilledRun(Path dataDir, PrintStream out) throws IOException {
    Optional<Long> pid = postmasterPid(dataDir);
    if (pid.isEmpty()) {
      return;
    }
    Optional<ProcessHandle> h = ProcessHandle.of(pid.get());
    if (h.isPresent() && h.get().isAlive() && isPostgres(h.get())) {
      // this run holds the data directory's lock, so no live demo owns that server
      out.println(
          "stopping the embedded PostgreSQL (pid "
              + pid.get()
              + ") that a killed run left running");
      awaitExit(h.get());
    }
    if (Files.deleteIfExists(dataDir.resolve("postmaster.pid"))) {
      out.println("removed the stale postmaster.pid that a killed run left in " + dataDir);
    }
  }

  // SIGTERM is PostgreSQL's smart shutdown: it waits for sessions to end (the run's controller is
  // already gone); SIGKILL past the wait, after which PostgreSQL recovers from its WAL at start.
  private static void awaitExit(ProcessHandle h) {
    if (!h.isAlive()) {
      return;
    }
    h.destroy();
    try {
      h.onExit().get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      h.destroyForcibly();
      try {
        h.onExit().get(10, TimeUnit.SECONDS);
      } catch (Exception ignored) {
        // nothing more to do for a process SIGKILL does not end
      }
    }
  }

  private static boolean isPostgres(ProcessHandle h) {
    return h.info().command().map(c -> c.endsWith("/postgres")).orElse(false);
  }

  // postmaster.pid, line 1: the postmaster's pid (PostgreSQL's miscadmin.h, LOCK_FILE_LINE_PID)
  private static Optional<Long> postmasterPid(Path dataDir) throws IOException {
    Path file = dataDir.resolve("postmaster.pid");
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    try {
      return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
