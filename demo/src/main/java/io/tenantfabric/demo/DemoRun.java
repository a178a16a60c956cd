package io.tenantfabric.demo;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricPresets;
import io.tenantfabric.model.topology.UnknownPresetException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.postgresql.Driver;

/**
 * One run of the demo: PostgreSQL, the migrate step, the emulated fabric and the controller, the
 * fabric defined and onboarded, then the URLs and the token printed; {@link #stop} (Ctrl-C runs it)
 * stops everything in reverse order, the embedded database last.
 */
final class DemoRun {
  static final Duration EMULATOR_START = Duration.ofMinutes(3);
  static final Duration MIGRATE = Duration.ofMinutes(5);
  static final Duration CONTROLLER_START = Duration.ofMinutes(3);
  static final String SWITCH_USER = "admin";

  private final DemoOptions options;
  private final Map<String, String> env;
  private final PrintStream out;
  private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  private volatile boolean stopping;
  private boolean stopped;
  private DataDirectory dir;
  private Children children;
  private EmbeddedDatabase embedded;

  DemoRun(DemoOptions options, Map<String, String> env, PrintStream out) {
    this.options = options;
    this.env = env;
    this.out = out;
  }

  /** Whether {@link #stop} has begun (a failure seen after it is only the stop's doing). */
  boolean stopping() {
    return stopping;
  }

  /** Starts everything and returns what to print; throws if any step fails. */
  Ready start() throws IOException, InterruptedException, DemoException {
    synchronized (this) {
      if (stopping) {
        throw new DemoException("stopping");
      }
      dir = DataDirectory.open(options.dataDir());
      children = new Children(dir.children());
    }
    out.println("tenant-fabric demo, data in " + dir.root());
    Children.stopLeftovers(dir.children(), out);
    String token =
        options.database().bootstrapToken().isPresent()
            ? options.database().bootstrapToken().get()
            : OperatorToken.readOrCreate(dir.token());
    OperatorToken.writeHeader(dir.tokenHeader(), token);
    int switches = switchCount();
    checkPorts(switches);
    DatabaseTarget db = database();
    out.println("database: " + db.description());

    Path controllerJar = ControllerJar.extract(dir.lib());
    Children.Child emulator = startEmulator();
    migrate(controllerJar, db);
    awaitEmulator(emulator);
    Children.Child controller = startController(controllerJar, db, token);
    String base = "http://127.0.0.1:" + options.serverPort();
    FabricApi api = new FabricApi(base, token);
    awaitController(controller, api);
    new Onboarding(api, out).run(options.preset(), dir.inventory(), switches);
    return new Ready(base, token, db, switches, controller, emulator);
  }

  /** What a started demo prints, and the children whose exit ends it. */
  record Ready(
      String base,
      String token,
      DatabaseTarget db,
      int switches,
      Children.Child controller,
      Children.Child emulator) {}

  /** Prints the URLs and the token. */
  void printReady(Ready r) {
    String tokenSource =
        options.database().bootstrapToken().isPresent()
            ? "from FABRIC_BOOTSTRAP_TOKEN"
            : "kept in " + dir.token();
    out.println();
    out.println(
        "tenant-fabric is running on an emulated "
            + options.preset()
            + " fabric ("
            + r.switches()
            + " switches IN_SYNC).");
    out.println("  API:        " + r.base() + "/api/v1");
    out.println("  console:    " + r.base() + "/console/   (paste the token)");
    out.println("  Swagger UI: " + r.base() + "/swagger-ui/index.html");
    out.println("  token:      " + r.token() + "   (OPERATOR, " + tokenSource + ")");
    out.println("  database:   " + r.db().description());
    out.println(
        "  emulator:   control API http://127.0.0.1:"
            + options.emulatorControlPort()
            + "/devices, switches on 127.0.0.1:"
            + options.emulatorBasePort()
            + "-"
            + (options.emulatorBasePort() + r.switches() - 1));
    out.println("  logs:       " + dir.root().resolve("logs"));
    // the header from its file: a token on a command line is visible to every user in ps
    String auth = "-H @" + shellQuoted(dir.tokenHeader().toString());
    out.println("Try:");
    out.println("  curl -s " + auth + " -H 'Content-Type: application/json' \\");
    out.println(
        "       -d '{\"name\":\"acme\",\"displayName\":\"Acme AI\",\"gpuQuota\":64}' "
            + r.base()
            + "/api/v1/tenants");
    out.println("  curl -s " + auth + " -H 'Content-Type: application/json' \\");
    out.println(
        "       -d '{\"gpus\":16}' '" + r.base() + "/api/v1/tenants/acme/allocations?wait=PT60S'");
    out.println("Ctrl-C stops everything.");
    out.println("READY " + r.base());
    out.flush();
  }

  /**
   * Waits until the controller or the emulator exits; outside a stop that is a failure, named with
   * the end of its log.
   */
  void awaitExit(Ready r) throws InterruptedException, DemoException {
    Process c = r.controller().process();
    Process e = r.emulator().process();
    while (c.isAlive() && e.isAlive()) {
      c.waitFor(1, TimeUnit.SECONDS);
    }
    Children.Child gone = c.isAlive() ? r.emulator() : r.controller();
    // a Ctrl-C in a terminal reaches the children too; this JVM's stop begins at the same moment
    Thread.sleep(1000);
    if (!stopping) {
      throw exited(gone);
    }
  }

  /** Stops the children (last started first), then the embedded database; idempotent. */
  synchronized void stop() {
    stopping = true;
    if (stopped) {
      return;
    }
    stopped = true;
    if (children == null || (!children.startedAny() && embedded == null)) {
      closeDirectory();
      return;
    }
    out.println(
        "stopping: the controller, the emulator"
            + (embedded != null ? ", PostgreSQL" : "")
            + " ...");
    children.stopAll();
    if (embedded != null) {
      embedded.close();
    }
    out.println("stopped.");
    out.flush();
    closeDirectory();
  }

  private void closeDirectory() {
    if (dir != null) {
      try {
        dir.close();
      } catch (IOException e) {
        // the lock goes with the process anyway
      }
    }
  }

  private int switchCount() throws DemoException {
    try {
      return Fabric.of(FabricPresets.named(options.preset())).switches().size();
    } catch (UnknownPresetException e) {
      throw new DemoException(
          "unknown preset '" + options.preset() + "': one of " + FabricPresets.names());
    }
  }

  private void checkPorts(int switches) throws DemoException {
    int first = options.emulatorBasePort();
    int last = first + switches - 1;
    for (int p : List.of(options.serverPort(), options.emulatorControlPort())) {
      if (p >= first && p <= last) {
        throw new DemoException(
            "port "
                + p
                + " lies in the emulated switches' ports "
                + first
                + "-"
                + last
                + ": move one of them (--emulator-base-port N or EMULATOR_BASE_PORT=N)");
      }
    }
    Ports.requireFree(options.serverPort(), "the controller's HTTP API", "--port", "SERVER_PORT");
    Ports.requireFree(
        options.emulatorControlPort(),
        "the emulator's control API",
        "--emulator-control-port",
        "EMULATOR_CONTROL_PORT");
    Ports.requireFreeRange(
        first,
        switches,
        "the emulated switches' NETCONF ports",
        "--emulator-base-port",
        "EMULATOR_BASE_PORT");
  }

  private DatabaseTarget database() throws IOException, DemoException {
    DatabaseSettings s = options.database();
    DatabaseChoice choice =
        DatabaseChoice.choose(
            s.url(), options.localPostgresPort(), p -> PostgresProbe.answers("127.0.0.1", p));
    if (choice instanceof DatabaseChoice.Configured c) {
      Properties parsed = Driver.parseURL(c.url(), null);
      if (parsed == null) {
        throw new DemoException(
            "FABRIC_DB_URL is not a PostgreSQL JDBC URL (jdbc:postgresql://HOST:PORT/DATABASE)");
      }
      String host = parsed.getProperty("PGHOST", "localhost").split(",")[0];
      int port = Integer.parseInt(parsed.getProperty("PGPORT", "5432").split(",")[0]);
      if (!PostgresProbe.answers(host, port)) {
        // an explicit choice: never silently replaced by a local or an embedded server
        throw new DemoException(
            "FABRIC_DB_URL names PostgreSQL on "
                + host
                + ":"
                + port
                + ", which does not answer: start that server, or unset FABRIC_DB_URL to let the"
                + " demo use a local or an embedded one");
      }
      return new DatabaseTarget(c.url(), s, redacted(c.url()) + " (FABRIC_DB_URL)");
    }
    if (choice instanceof DatabaseChoice.LocalServer l) {
      Set<String> kept = new HashSet<>();
      DatabaseSettings local = s;
      if (s.ownerPassword().isEmpty() || s.runtimePassword().isEmpty()) {
        local =
            withKeptPasswords(
                s,
                KeptPasswords.readOrCreate(
                    dir.localPostgresPasswords(),
                    List.of(EmbeddedDatabase.OWNER_PASSWORD, EmbeddedDatabase.RUNTIME_PASSWORD)),
                kept);
      }
      DatabaseSetup.ensure("127.0.0.1", l.port(), local, kept);
      return new DatabaseTarget(
          "jdbc:postgresql://127.0.0.1:" + l.port() + "/" + DatabaseSetup.DATABASE,
          local,
          "the local PostgreSQL on 127.0.0.1:"
              + l.port()
              + ", database "
              + DatabaseSetup.DATABASE
              + " (roles "
              + s.ownerUser()
              + ", "
              + s.runtimeUser()
              + ")");
    }
    // first, so that a server a killed run left does not count as someone else's on the port
    EmbeddedDatabase.cleanUpAfterKilledRun(dir.postgres(), out);
    Ports.requireFree(
        options.embeddedDbPort(), "the embedded PostgreSQL", "--db-port", "FABRIC_DEMO_DB_PORT");
    out.println("starting the embedded PostgreSQL (data in " + dir.postgres() + ") ...");
    EmbeddedDatabase pg =
        EmbeddedDatabase.start(
            dir.postgres(),
            dir.postgresBinaries(),
            dir.postgresPasswords(),
            options.embeddedDbPort(),
            dir.log("postgres"),
            out);
    synchronized (this) {
      embedded = pg;
      if (stopping) {
        pg.close();
        throw new DemoException("stopping");
      }
    }
    // the embedded server's superuser, whatever FABRIC_DB_ADMIN_USER says for other servers; the
    // cluster is the demo's, so its roles get their passwords at every start
    DatabaseSettings embedded =
        withKeptPasswords(s, pg.passwords(), new HashSet<>())
            .withAdmin(
                EmbeddedDatabase.SUPERUSER,
                pg.passwords().get(EmbeddedDatabase.SUPERUSER_PASSWORD));
    DatabaseSetup.ensure(
        "127.0.0.1", pg.port(), embedded, new HashSet<>(List.of(s.ownerUser(), s.runtimeUser())));
    return new DatabaseTarget(
        pg.url(DatabaseSetup.DATABASE),
        embedded.withAdmin(s.adminUser(), ""),
        "embedded PostgreSQL on 127.0.0.1:"
            + pg.port()
            + ", database "
            + DatabaseSetup.DATABASE
            + ", data kept in "
            + dir.postgres()
            + ", passwords in "
            + dir.postgresPasswords());
  }

  /**
   * {@code s} with a kept password for each role the environment gave none; those roles are added
   * to {@code kept}.
   */
  private static DatabaseSettings withKeptPasswords(
      DatabaseSettings s, KeptPasswords passwords, Set<String> kept) {
    String owner = s.ownerPassword();
    if (owner.isEmpty()) {
      owner = passwords.get(EmbeddedDatabase.OWNER_PASSWORD);
      kept.add(s.ownerUser());
    }
    String runtime = s.runtimePassword();
    if (runtime.isEmpty()) {
      runtime = passwords.get(EmbeddedDatabase.RUNTIME_PASSWORD);
      kept.add(s.runtimeUser());
    }
    return s.withPasswords(owner, runtime);
  }

  private Children.Child startEmulator() throws IOException, DemoException {
    Files.deleteIfExists(dir.inventory());
    List<String> cmd =
        List.of(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            "io.tenantfabric.emulator.Main",
            "--preset",
            options.preset(),
            "--bind",
            "127.0.0.1",
            "--base-port",
            Integer.toString(options.emulatorBasePort()),
            "--username",
            SWITCH_USER,
            "--profile",
            "comware7",
            "--inventory-out",
            dir.inventory().toString(),
            // the switches keep their SSH host keys across runs: the controller pins them and
            // refuses a changed key on the next import (docs/security.md, "Switch host keys")
            "--host-key-dir",
            dir.inventory().resolveSibling("emulator-host-keys").toString(),
            "--control-port",
            Integer.toString(options.emulatorControlPort()));
    ProcessBuilder b = logged(new ProcessBuilder(cmd), "emulator");
    // through the environment, not the command line (visible in ps); the inventory carries it
    // to the controller, written 0600 by the emulator
    b.environment().put("EMULATOR_PASSWORD", env.getOrDefault("EMULATOR_PASSWORD", "admin"));
    out.println(
        "starting the emulated "
            + options.preset()
            + " fabric on 127.0.0.1:"
            + options.emulatorBasePort()
            + "- ...");
    return children.start("emulator", b);
  }

  private void awaitEmulator(Children.Child emulator)
      throws IOException, InterruptedException, DemoException {
    Path log = dir.log("emulator");
    long end = System.nanoTime() + EMULATOR_START.toNanos();
    while (!Files.readString(log, StandardCharsets.UTF_8).contains("READY ")) {
      if (!emulator.process().isAlive()) {
        throw exited(emulator);
      }
      if (System.nanoTime() > end) {
        throw new DemoException(
            "the emulator did not start within " + EMULATOR_START.toMinutes() + " min: " + log);
      }
      Thread.sleep(200);
    }
  }

  private void migrate(Path controllerJar, DatabaseTarget db)
      throws IOException, InterruptedException, DemoException {
    ProcessBuilder b =
        logged(new ProcessBuilder(java, "-jar", controllerJar.toString(), "--migrate"), "migrate");
    b.environment().putAll(dbEnv(db, true));
    Children.Child m = children.start("migrate", b);
    if (!m.process().waitFor(MIGRATE.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new DemoException(
          "the migrate step did not finish within " + MIGRATE.toMinutes() + " min");
    }
    if (m.process().exitValue() != 0) {
      throw exited(m);
    }
    Files.readAllLines(dir.log("migrate"), StandardCharsets.UTF_8).stream()
        .filter(l -> l.startsWith("migrated ") || l.startsWith("warning: "))
        .forEach(l -> out.println("migrate: " + l));
  }

  private Children.Child startController(Path controllerJar, DatabaseTarget db, String token)
      throws IOException, DemoException {
    ProcessBuilder b =
        logged(new ProcessBuilder(java, "-jar", controllerJar.toString()), "controller");
    Map<String, String> e = b.environment();
    e.putAll(dbEnv(db, false));
    e.put("FABRIC_BOOTSTRAP_TOKEN", token);
    // loopback only: the token printed is an OPERATOR's
    e.put("SERVER_ADDRESS", "127.0.0.1");
    e.put("SERVER_PORT", Integer.toString(options.serverPort()));
    e.putIfAbsent("FABRIC_PUBLIC_API_DOCS", "true");
    out.println("starting the controller on http://127.0.0.1:" + options.serverPort() + " ...");
    return children.start("controller", b);
  }

  private void awaitController(Children.Child controller, FabricApi api)
      throws IOException, InterruptedException, DemoException {
    long end = System.nanoTime() + CONTROLLER_START.toNanos();
    while (!api.healthy()) {
      if (!controller.process().isAlive()) {
        throw exited(controller);
      }
      if (System.nanoTime() > end) {
        throw new DemoException(
            "the controller did not answer within "
                + CONTROLLER_START.toMinutes()
                + " min: "
                + dir.log("controller"));
      }
      Thread.sleep(250);
    }
    FabricApi.Response r = api.get("/api/v1/tokens");
    if (r.status() == 401 || r.status() == 403) {
      // the controller makes its bootstrap token only while no usable OPERATOR token exists
      throw new DemoException(
          "the database already has an OPERATOR token, and it is not this one ("
              + (options.database().bootstrapToken().isPresent()
                  ? "FABRIC_BOOTSTRAP_TOKEN"
                  : dir.token().toString())
              + "): put that token in "
              + dir.token()
              + " (an earlier bin/dev-fabric kept it in target/dev/operator-token), or use"
              + " another database");
    }
    if (r.status() != 200) {
      throw new DemoException("GET /api/v1/tokens answered " + r);
    }
  }

  private Map<String, String> dbEnv(DatabaseTarget db, boolean owner) {
    Map<String, String> e = new LinkedHashMap<>();
    DatabaseSettings s = db.settings();
    e.put("FABRIC_DB_URL", db.url());
    e.put("FABRIC_DB_USER", s.runtimeUser());
    e.put("FABRIC_DB_PASSWORD", s.runtimePassword());
    e.put("FABRIC_DB_OWNER_USER", s.ownerUser());
    if (owner) {
      // the owner's password only to the migrate step: the service never needs it
      e.put("FABRIC_DB_OWNER_PASSWORD", s.ownerPassword());
    }
    return e;
  }

  // every child gets the user's environment less the database passwords; each is then given only
  // the settings it needs
  private ProcessBuilder logged(ProcessBuilder b, String name) throws IOException {
    Path log = dir.log(name);
    Files.deleteIfExists(log);
    b.environment()
        .keySet()
        .removeAll(
            List.of("FABRIC_DB_PASSWORD", "FABRIC_DB_OWNER_PASSWORD", "FABRIC_DB_ADMIN_PASSWORD"));
    return b.redirectErrorStream(true).redirectOutput(log.toFile());
  }

  private DemoException exited(Children.Child child) {
    Path log = dir.log(child.name());
    String tail;
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      tail = String.join("\n    ", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
    } catch (IOException e) {
      tail = "(cannot read it: " + e.getMessage() + ")";
    }
    return new DemoException(
        "the "
            + child.name()
            + " exited with code "
            + child.process().exitValue()
            + "; the end of "
            + log
            + ":\n    "
            + tail);
  }

  // for a command line the user copies: one word to the shell whatever the path holds
  private static String shellQuoted(String s) {
    return s.matches("[A-Za-z0-9_./+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
  }

  // a JDBC URL may carry a password parameter: print only up to the query string
  private static String redacted(String url) {
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q) + "?...";
  }
}
