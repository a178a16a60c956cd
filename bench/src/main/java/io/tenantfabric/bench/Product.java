package io.tenantfabric.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The product as a user runs it, for one scenario or a few that share it ({@link Fixtures}): the
 * emulated fabric and the controller, each its own JVM (so the controller's heap is its own), on a
 * fresh database, with an OPERATOR token and the fabric defined from the emulator's inventory. Logs
 * go to its directory; {@link #close()} stops both.
 */
final class Product implements AutoCloseable {
  private final Path dir;
  private final List<Process> processes = new ArrayList<>();
  private Emulator emulator;
  private Process controller;
  private Instant controllerStarted;
  private Api api;

  private Product(Path dir) {
    this.dir = dir;
  }

  /**
   * Options of one run: the preset, leaves only or not, the controller's JVM and Spring args, and
   * the larger layout the emulator holds racked but not installed ({@code grownPreset}, null for
   * none: the emulator runs {@code preset} alone).
   */
  record Options(
      String preset,
      boolean leavesOnly,
      List<String> controllerJvm,
      List<String> controllerArgs,
      boolean devices,
      String grownPreset) {

    Options(
        String preset,
        boolean leavesOnly,
        List<String> controllerJvm,
        List<String> controllerArgs,
        boolean devices) {
      this(preset, leavesOnly, controllerJvm, controllerArgs, devices, null);
    }

    /**
     * The same fabric, but the emulator holds {@code grown}'s switches too, not installed ({@code
     * --preset grown --installed-preset preset}): the fabric is defined from the installed ones and
     * can grow into the rest.
     */
    Options growableTo(String grown) {
      return new Options(preset, leavesOnly, controllerJvm, controllerArgs, devices, grown);
    }

    /**
     * The same, but the fabric is defined without an inventory and no emulator runs: every switch
     * is UNMANAGED, so the controller's write path is measured without any device work.
     */
    Options withoutDevices() {
      return new Options(preset, leavesOnly, controllerJvm, controllerArgs, false, grownPreset);
    }

    /** The same, with {@code args} as the controller's Spring arguments instead. */
    Options withControllerArgs(List<String> args) {
      return new Options(
          preset, leavesOnly, controllerJvm, List.copyOf(args), devices, grownPreset);
    }

    /**
     * How every scenario runs the controller: the 512 MiB heap the 10,240-GPU target gives it, G1,
     * product defaults otherwise, except the reconcile schedule, which is off so that a scheduled
     * read of every switch never lands inside one measurement at random (readback measures it).
     */
    static Options standard(String preset, boolean leavesOnly) {
      List<String> jvm = new ArrayList<>(List.of("-Xmx512m", "-XX:+UseG1GC"));
      // BENCH_CONTROLLER_JVM_OPTS: extra controller JVM options, to profile it (JFR) for instance
      String extra = System.getenv().getOrDefault("BENCH_CONTROLLER_JVM_OPTS", "").strip();
      if (!extra.isEmpty()) {
        jvm.addAll(List.of(extra.split("\\s+")));
      }
      return new Options(
          preset, leavesOnly, List.copyOf(jvm), List.of("--fabric.reconcile.interval=0"), true);
    }
  }

  static Product start(BenchEnvironment env, String scenario, Options o) throws Exception {
    Path dir = env.outDir().resolve(scenario);
    Files.createDirectories(dir);
    Product p = new Product(dir);
    try {
      p.boot(env, scenario, o);
      return p;
    } catch (Exception e) {
      p.close();
      throw e;
    }
  }

  private void boot(BenchEnvironment env, String scenario, Options o) throws Exception {
    if (o.devices()) {
      emulator =
          o.grownPreset() == null
              ? Emulator.start(env, dir, o.preset(), o.leavesOnly())
              : Emulator.start(env, dir, o.grownPreset(), o.preset(), o.leavesOnly());
    }
    String url = Database.fresh(env, env.dbName());
    String token = bootstrapToken();
    int port = ListenPorts.free();
    Map<String, String> dbEnv =
        Map.of(
            "FABRIC_DB_URL",
            url,
            "FABRIC_DB_OWNER_USER",
            env.dbOwnerUser(),
            "FABRIC_DB_USER",
            env.dbUser(),
            "FABRIC_BOOTSTRAP_TOKEN",
            token,
            "SERVER_ADDRESS",
            "127.0.0.1",
            "SERVER_PORT",
            Integer.toString(port));
    migrate(env, dir, dbEnv);
    List<String> cmd = new ArrayList<>(List.of("java"));
    cmd.addAll(o.controllerJvm());
    cmd.add("-Xlog:gc:file=" + dir.resolve("controller-gc.log") + ":uptime");
    cmd.addAll(List.of("-jar", env.controllerJar().toString()));
    cmd.addAll(o.controllerArgs());
    ProcessBuilder cb =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("controller.log").toFile());
    cb.environment().putAll(dbEnv);
    controllerStarted = Instant.now();
    controller = cb.start();
    processes.add(controller);
    api = new Api("http://127.0.0.1:" + port, token);
    waitFor(Duration.ofMinutes(2), () -> api.health(), controller, "the controller");

    Map<String, Object> fabric =
        o.devices()
            ? Map.of(
                "preset",
                o.preset(),
                "devices",
                Inventory.devices(emulator.inventory(), Emulator.PASSWORD))
            : Map.of("preset", o.preset());
    Api.Response r = api.put("/api/v1/fabric", fabric);
    if (r.status() != 201 && r.status() != 200) {
      throw new IOException("PUT /api/v1/fabric -> " + r);
    }
  }

  /** The jar's {@code --migrate} step, as the owner role, logged to {@code dir/migrate.log}. */
  static void migrate(BenchEnvironment env, Path dir, Map<String, String> dbEnv)
      throws IOException, InterruptedException {
    ProcessBuilder migrate =
        new ProcessBuilder("java", "-jar", env.controllerJar().toString(), "--migrate")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("migrate.log").toFile());
    migrate.environment().putAll(dbEnv);
    if (migrate.start().waitFor() != 0) {
      throw new IOException("--migrate failed: see " + dir.resolve("migrate.log"));
    }
  }

  /** A fresh bootstrap token for one run's controller(s). */
  static String bootstrapToken() {
    byte[] b = new byte[24];
    new SecureRandom().nextBytes(b);
    return "tf_bench_" + HexFormat.of().formatHex(b);
  }

  Api api() {
    return api;
  }

  Path dir() {
    return dir;
  }

  Emulator emulator() {
    return emulator;
  }

  long controllerPid() {
    return controller.pid();
  }

  /** Seconds since the controller's JVM started, as its GC log counts them (roughly). */
  double controllerUptime() {
    return Duration.between(controllerStarted, Instant.now()).toMillis() / 1000.0;
  }

  Path controllerGcLog() {
    return dir.resolve("controller-gc.log");
  }

  /** Heap the controller holds after a full GC, in MiB, through {@code jcmd}. */
  double controllerHeapAfterGcMib() throws IOException, InterruptedException {
    jcmd("GC.run");
    String info = jcmd("GC.heap_info");
    Matcher m = Pattern.compile("total (\\d+)K, used (\\d+)K").matcher(info);
    if (!m.find()) {
      throw new IOException("no heap figure in jcmd GC.heap_info: " + info);
    }
    return Long.parseLong(m.group(2)) / 1024.0;
  }

  private String jcmd(String command) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder("jcmd", Long.toString(controller.pid()), command)
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException("jcmd " + command + " failed: " + out);
    }
    return out;
  }

  /** Waits until every managed switch is IN_SYNC. */
  void awaitInSync(Duration deadline) throws Exception {
    waitFor(deadline, () -> api.allInSync(), controller, "every switch IN_SYNC");
  }

  /**
   * Waits until nothing of earlier work is left: every managed switch IN_SYNC and no isolation
   * audit running, so that a measurement does not share the controller with the tail of the
   * previous one.
   */
  void awaitQuiet(Duration deadline) throws Exception {
    waitFor(deadline, () -> api.allInSync() && api.noAuditRunning(), controller, "a quiet fabric");
  }

  interface Check {
    boolean ok() throws Exception;
  }

  static void waitFor(Duration deadline, Check check, Process process, String what)
      throws Exception {
    long end = System.nanoTime() + deadline.toNanos();
    while (System.nanoTime() < end) {
      if (check.ok()) {
        return;
      }
      if (!process.isAlive()) {
        throw new IOException(what + ": the process exited with " + process.exitValue());
      }
      Thread.sleep(200);
    }
    throw new IOException(what + ": not within " + deadline);
  }

  @Override
  public void close() {
    for (int i = processes.size() - 1; i >= 0; i--) {
      Processes.stop(processes.get(i), 20);
    }
    if (emulator != null) {
      emulator.close();
    }
  }
}
