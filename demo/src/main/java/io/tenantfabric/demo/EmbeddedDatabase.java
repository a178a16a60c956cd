package io.tenantfabric.demo;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * An embedded PostgreSQL (zonky's binaries from Maven Central, unpacked into the demo's own
 * directory) whose data directory is kept across runs, listening on 127.0.0.1 only and on no Unix
 * socket, where every role logs in with its password (SCRAM): the superuser {@code postgres} and
 * the two roles the demo makes, with passwords generated once and kept {@code 0600} ({@link
 * KeptPasswords}). A start after a killed run first stops the server that run left (the postmaster
 * runs in a session of its own, so it outlives a killed parent) or removes its stale {@code
 * postmaster.pid}.
 */
final class EmbeddedDatabase implements AutoCloseable {
  static final String SUPERUSER = "postgres";

  /** The names of the kept passwords: the superuser's, the owner role's, the runtime role's. */
  static final String SUPERUSER_PASSWORD = "superuser";

  static final String OWNER_PASSWORD = "owner";
  static final String RUNTIME_PASSWORD = "runtime";

  /**
   * The server's whole {@code pg_hba.conf}, written at every start: a cluster made before the demo
   * kept passwords trusted every local user, and initdb's own file would let a Unix socket in.
   */
  static final String HBA =
      """
      # Written by the tenant-fabric demo at every start: logins with a password (SCRAM) over
      # 127.0.0.1 only. The server listens on no Unix socket (unix_socket_directories is empty).
      host all all 127.0.0.1/32 scram-sha-256
      """;

  private static final Duration STOP_WAIT = Duration.ofSeconds(30);
  private static final Duration SINGLE_USER_WAIT = Duration.ofSeconds(60);
  // written once the cluster has started for the first time (PostgreSQL ignores unknown files)
  private static final String MADE_MARKER = "tenant-fabric-cluster-made";
  // written once the superuser has its kept password: at initdb, or set on a cluster made before
  private static final String PASSWORD_MARKER = "tenant-fabric-superuser-password";

  private final EmbeddedPostgres pg;
  private final long postmasterPid;
  private final KeptPasswords passwords;

  private EmbeddedDatabase(EmbeddedPostgres pg, long postmasterPid, KeptPasswords passwords) {
    this.pg = pg;
    this.postmasterPid = postmasterPid;
    this.passwords = passwords;
  }

  /**
   * Starts the server on {@code port}, creating the cluster in {@code dataDir} the first time, with
   * the binaries unpacked in {@code binaries} and the roles' passwords kept in {@code
   * passwordsFile}.
   */
  static EmbeddedDatabase start(
      Path dataDir, Path binaries, Path passwordsFile, int port, Path log, PrintStream out)
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
    Files.createDirectories(binaries);
    Files.deleteIfExists(log);
    KeptPasswords passwords =
        KeptPasswords.readOrCreate(
            passwordsFile, List.of(SUPERUSER_PASSWORD, OWNER_PASSWORD, RUNTIME_PASSWORD));
    String superuserPassword = passwords.get(SUPERUSER_PASSWORD);
    boolean fresh = !Files.exists(dataDir.resolve("postgresql.conf"));
    Path pwfile = null;
    EmbeddedPostgres pg;
    try {
      EmbeddedPostgres.Builder builder =
          EmbeddedPostgres.builder()
              // not zonky's default, a directory under /tmp that every local user may write to
              .setOverrideWorkingDirectory(binaries.toFile())
              .setDataDirectory(dataDir)
              .setCleanDataDirectory(false)
              // stopped by DemoRun in its order (after the controller), not by a hook of its own
              .setRegisterShutdownHook(false)
              .setPort(port)
              .setServerConfig("listen_addresses", "127.0.0.1")
              // pg_ctl runs the server through sh -c: this reaches it as an empty value
              .setServerConfig("unix_socket_directories", "''")
              .setServerConfig("password_encryption", "scram-sha-256")
              // zonky's readiness check logs in as the superuser
              .setConnectConfig("password", superuserPassword)
              .setDataDirectoryCustomizer(d -> lockDown(d.toPath(), fresh, binaries, passwords))
              .setPGStartupWait(Duration.ofSeconds(60))
              .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()));
      if (fresh) {
        // zonky runs initdb with -A trust; its options given last override that: the superuser
        // gets its password from a file (never a command line), every login needs one
        pwfile = passwordFile(dataDir.resolveSibling(dataDir.getFileName() + ".initdb-password"));
        Files.writeString(pwfile, superuserPassword + "\n", StandardCharsets.US_ASCII);
        builder
            .setLocaleConfig("auth", "scram-sha-256")
            .setLocaleConfig("pwfile", pwfile.toString());
      }
      pg = builder.start();
    } catch (IOException | RuntimeException | ExceptionInInitializerError e) {
      throw new DemoException(
          "the embedded PostgreSQL did not start ("
              + e.getMessage()
              + "); its log: "
              + log
              + ". Or point the demo at a server with FABRIC_DB_URL",
          e);
    } finally {
      if (pwfile != null) {
        Files.deleteIfExists(pwfile);
      }
    }
    if (!Files.exists(made)) {
      Files.createFile(made);
    }
    return new EmbeddedDatabase(pg, postmasterPid(dataDir).orElse(-1L), passwords);
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

  /**
   * The kept passwords: {@link #SUPERUSER_PASSWORD}, {@link #OWNER_PASSWORD}, {@link
   * #RUNTIME_PASSWORD}.
   */
  KeptPasswords passwords() {
    return passwords;
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

  /**
   * Runs between initdb (when the cluster is new) and the server's start: the superuser gets its
   * kept password if the cluster was made before it had one (or the kept file was lost), and {@code
   * pg_hba.conf} is replaced by {@link #HBA}.
   */
  private static void lockDown(
      Path dataDir, boolean fresh, Path binaries, KeptPasswords passwords) {
    try {
      Path marker = dataDir.resolve(PASSWORD_MARKER);
      if (!fresh && (!Files.exists(marker) || passwords.madeNow(SUPERUSER_PASSWORD))) {
        setSuperuserPassword(dataDir, binaries, passwords.get(SUPERUSER_PASSWORD));
      }
      Files.writeString(dataDir.resolve("pg_hba.conf"), HBA, StandardCharsets.US_ASCII);
      if (!Files.exists(marker)) {
        Files.createFile(marker);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sets the superuser's password in single-user mode, before the server listens: no login is
   * needed for it and nobody can log in meanwhile. The statement goes through stdin, never a
   * command line, and the output is dropped (an error would quote the statement).
   */
  private static void setSuperuserPassword(Path dataDir, Path binaries, String password)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    if (LinuxUtils.isUnshareAvailable()) {
      // as zonky runs its binaries as root: PostgreSQL refuses to run as root otherwise
      cmd.addAll(List.of("unshare", "-U"));
    }
    cmd.addAll(
        List.of(
            postgresBinary(binaries).toString(),
            "--single",
            "-D",
            dataDir.toString(),
            "-c",
            "exit_on_error=on",
            "postgres")); // the database to run in
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(
          ("SET password_encryption = 'scram-sha-256';\nALTER ROLE "
                  + DatabaseSetup.ident(SUPERUSER)
                  + " PASSWORD "
                  + DatabaseSetup.literal(password)
                  + ";\n")
              .getBytes(StandardCharsets.US_ASCII));
    }
    try {
      if (!p.waitFor(SINGLE_USER_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new IOException("setting the superuser's password did not finish in time");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IOException("interrupted while setting the superuser's password", e);
    }
    if (p.exitValue() != 0) {
      throw new IOException(
          "setting the superuser's password in single-user mode failed (exit "
              + p.exitValue()
              + ")");
    }
  }

  // zonky unpacks into <binaries>/PG-<digest of the archive>: the newest one is this demo's
  private static Path postgresBinary(Path binaries) throws IOException {
    try (Stream<Path> dirs = Files.list(binaries)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith("PG-"))
          .filter(d -> Files.isExecutable(d.resolve("bin/postgres")))
          .max(Comparator.comparing(EmbeddedDatabase::unpackedAt))
          .map(d -> d.resolve("bin/postgres"))
          .orElseThrow(() -> new IOException("no PostgreSQL binaries in " + binaries));
    }
  }

  private static FileTime unpackedAt(Path dir) {
    try {
      return Files.getLastModifiedTime(dir.resolve(".exists"));
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }

  private static Path passwordFile(Path file) throws IOException {
    Files.deleteIfExists(file);
    return Files.createFile(
        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
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
