package io.tenantfabric.bench;

import java.io.IOException;
import java.net.ServerSocket;
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

/**
 * The product as a user runs it, for one scenario: the emulated fabric and the controller, each its
 * own JVM (so the controller's heap is its own), on a fresh database, with an OPERATOR token. Logs
 * go to the scenario's directory; {@link #close()} stops both.
 */
final class Product implements AutoCloseable {
  static final String SWITCH_USER = "admin";
  static final String SWITCH_PASSWORD = "bench-password";

  private final Path dir;
  private final List<Process> processes = new ArrayList<>();
  private Process controller;
  private Instant controllerStarted;
  private Api api;

  private Product(Path dir) {
    this.dir = dir;
  }

  /**
   * Options of one run: the preset, leaves only or not, and the controller's JVM and Spring args.
   */
  record Options(
      String preset, boolean leavesOnly, List<String> controllerJvm, List<String> controllerArgs) {}

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
    Path inventory = dir.resolve("inventory.json");
    Files.deleteIfExists(inventory);
    List<String> emu =
        new ArrayList<>(List.of("java", "-Xmx2g", "-jar", env.emulatorJar().toString()));
    emu.addAll(
        List.of(
            "--preset",
            o.preset(),
            "--bind",
            "127.0.0.1",
            "--base-port",
            "0",
            "--username",
            SWITCH_USER,
            "--inventory-out",
            inventory.toString()));
    if (o.leavesOnly()) {
      emu.add("--leaves-only");
    }
    ProcessBuilder eb = new ProcessBuilder(emu).redirectErrorStream(true);
    eb.environment().put("EMULATOR_PASSWORD", SWITCH_PASSWORD);
    eb.redirectOutput(dir.resolve("emulator.log").toFile());
    Process emulator = eb.start();
    processes.add(emulator);
    waitFor(
        Duration.ofMinutes(3),
        () -> Files.readString(dir.resolve("emulator.log")).contains("READY "),
        emulator,
        "the emulator");

    String url = Database.fresh(env, "tenant_fabric_bench");
    String token = "tf_bench_" + HexFormat.of().formatHex(randomBytes());
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
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
    ProcessBuilder migrate =
        new ProcessBuilder("java", "-jar", env.controllerJar().toString(), "--migrate")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("migrate.log").toFile());
    migrate.environment().putAll(dbEnv);
    if (migrate.start().waitFor() != 0) {
      throw new IOException("--migrate failed: see " + dir.resolve("migrate.log"));
    }
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
        Map.of("preset", o.preset(), "devices", Inventory.devices(inventory, SWITCH_PASSWORD));
    Api.Response r = api.put("/api/v1/fabric", fabric);
    if (r.status() != 201 && r.status() != 200) {
      throw new IOException("PUT /api/v1/fabric -> " + r);
    }
  }

  private static byte[] randomBytes() {
    byte[] b = new byte[24];
    new SecureRandom().nextBytes(b);
    return b;
  }

  Api api() {
    return api;
  }

  Path dir() {
    return dir;
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
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("total (\\d+)K, used (\\d+)K").matcher(info);
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
      Process p = processes.get(i);
      p.destroy();
      try {
        if (!p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
      }
    }
  }
}
