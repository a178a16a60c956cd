package io.tenantfabric.demo;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The demo's settings: each from its flag, else its environment variable, else the default. The
 * database's settings ({@code FABRIC_DB_*}) come from the environment only, as for the controller.
 *
 * @param dataDir where the embedded database, the token, the inventory and the logs live
 * @param serverPort the controller's HTTP port on 127.0.0.1
 * @param emulatorBasePort the first emulated switch's NETCONF port (one port per switch)
 * @param emulatorControlPort the emulator's control API port
 * @param embeddedDbPort the embedded PostgreSQL's port
 * @param localPostgresPort where to look for a local PostgreSQL before embedding one (empty: never)
 * @param preset the fabric preset the emulator runs and the controller is given
 * @param database the database settings from the environment
 */
record DemoOptions(
    Path dataDir,
    int serverPort,
    int emulatorBasePort,
    int emulatorControlPort,
    int embeddedDbPort,
    OptionalInt localPostgresPort,
    String preset,
    DatabaseSettings database) {

  static final String USAGE =
      """
      usage: java -jar demo/target/demo.jar [options]     (bin/dev-fabric builds it and runs this)
        --data-dir DIR               FABRIC_DEMO_DIR        default ~/.tenant-fabric/demo
        --port N                     SERVER_PORT            default 8080   (controller HTTP)
        --emulator-base-port N       EMULATOR_BASE_PORT     default 18300  (one per switch)
        --emulator-control-port N    EMULATOR_CONTROL_PORT  default 18299
        --db-port N                  FABRIC_DEMO_DB_PORT    default 15432  (embedded PostgreSQL)
        --local-postgres-port N|none FABRIC_DEMO_LOCAL_POSTGRES_PORT  default 5432
        --preset NAME                FABRIC_PRESET          default h3c-s9825-1024
      Database: FABRIC_DB_URL (an explicit server: never replaced by another), FABRIC_DB_USER,
      FABRIC_DB_PASSWORD, FABRIC_DB_OWNER_USER, FABRIC_DB_OWNER_PASSWORD, FABRIC_DB_ADMIN_USER,
      FABRIC_DB_ADMIN_PASSWORD; FABRIC_BOOTSTRAP_TOKEN (else a token kept in the data directory).
      """;

  /** A command line the demo cannot run with; the message says what is wrong. */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  /** Reads {@code args} over {@code env}; {@code home} is the user's home directory. */
  static DemoOptions parse(List<String> args, Map<String, String> env, Path home)
      throws UsageException {
    Path dataDir = Path.of(envOr(env, "FABRIC_DEMO_DIR", home.resolve(".tenant-fabric/demo")));
    int port = port(env, "SERVER_PORT", 8080);
    int basePort = port(env, "EMULATOR_BASE_PORT", 18300);
    int controlPort = port(env, "EMULATOR_CONTROL_PORT", 18299);
    int dbPort = port(env, "FABRIC_DEMO_DB_PORT", 15432);
    OptionalInt local =
        localPort(
            "FABRIC_DEMO_LOCAL_POSTGRES_PORT",
            envOr(env, "FABRIC_DEMO_LOCAL_POSTGRES_PORT", "5432"));
    String preset = envOr(env, "FABRIC_PRESET", "h3c-s9825-1024");
    for (int i = 0; i < args.size(); i++) {
      String flag = args.get(i);
      switch (flag) {
        case "--data-dir" -> dataDir = Path.of(value(args, ++i, flag));
        case "--port" -> port = port(flag, value(args, ++i, flag));
        case "--emulator-base-port" -> basePort = port(flag, value(args, ++i, flag));
        case "--emulator-control-port" -> controlPort = port(flag, value(args, ++i, flag));
        case "--db-port" -> dbPort = port(flag, value(args, ++i, flag));
        case "--local-postgres-port" -> local = localPort(flag, value(args, ++i, flag));
        case "--preset" -> preset = value(args, ++i, flag);
        default -> throw new UsageException("unknown option '" + flag + "'");
      }
    }
    return new DemoOptions(
        dataDir.toAbsolutePath().normalize(),
        port,
        basePort,
        controlPort,
        dbPort,
        local,
        preset,
        DatabaseSettings.from(env));
  }

  private static String value(List<String> args, int i, String flag) throws UsageException {
    if (i >= args.size() || args.get(i).startsWith("--") || args.get(i).isBlank()) {
      throw new UsageException(flag + " needs a value");
    }
    return args.get(i);
  }

  private static int port(Map<String, String> env, String name, int fallback)
      throws UsageException {
    String v = env.get(name);
    return v == null || v.isBlank() ? fallback : port(name, v);
  }

  private static int port(String name, String value) throws UsageException {
    try {
      int p = Integer.parseInt(value.trim());
      if (p >= 1 && p <= 65535) {
        return p;
      }
    } catch (NumberFormatException e) {
      // falls through to the message below
    }
    throw new UsageException(name + " must be a port number 1..65535, got '" + value + "'");
  }

  private static OptionalInt localPort(String name, String value) throws UsageException {
    return "none".equals(value.trim()) ? OptionalInt.empty() : OptionalInt.of(port(name, value));
  }

  private static String envOr(Map<String, String> env, String name, Object fallback) {
    String v = env.get(name);
    return v == null || v.isBlank() ? fallback.toString() : v;
  }
}
