package io.tenantfabric.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One controller instance of a chaos run: the built jar as a process, product defaults (the
 * reconcile schedule included: it is what repairs a switch that lost unsaved config), on a fixed
 * port so that a restart comes back where its clients look. {@link #kill} is SIGKILL.
 */
final class ChaosInstance implements AutoCloseable {
  /** A request that has no answer after this fails over: its instance may have died under it. */
  static final int READ_MILLIS = 30_000;

  private final BenchEnvironment env;
  private final Path dir;
  private final int index;
  private final Map<String, String> dbEnv;
  private final int port;
  private final Api api;
  private volatile Process process;
  private int starts;

  private ChaosInstance(
      BenchEnvironment env, Path dir, int index, Map<String, String> dbEnv, String token)
      throws IOException {
    this.env = env;
    this.dir = dir;
    this.index = index;
    this.dbEnv = dbEnv;
    this.port = ListenPorts.free();
    this.api = new Api("http://127.0.0.1:" + port, token, READ_MILLIS);
  }

  static ChaosInstance start(
      BenchEnvironment env, Path dir, int index, Map<String, String> dbEnv, String token)
      throws Exception {
    ChaosInstance i = new ChaosInstance(env, dir, index, dbEnv, token);
    i.start();
    return i;
  }

  /** Starts the process (again) and waits until it answers its health probe. */
  synchronized void start() throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of("java", "-Xmx512m", "-XX:+UseG1GC", "-jar", env.controllerJar().toString()));
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(
                    dir.resolve("controller-" + index + ".log").toFile()));
    pb.environment().putAll(dbEnv);
    pb.environment().put("SERVER_ADDRESS", "127.0.0.1");
    pb.environment().put("SERVER_PORT", Integer.toString(port));
    starts++;
    process = pb.start();
    Product.waitFor(Duration.ofMinutes(3), api::health, process, "controller " + index);
  }

  /** SIGKILL: no shutdown hook, no goodbye to the database or the switches. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  boolean alive() {
    return process.isAlive();
  }

  Process process() {
    return process;
  }

  Api api() {
    return api;
  }

  int index() {
    return index;
  }

  long pid() {
    return process.pid();
  }

  /** How many times the process was started, the first start included. */
  synchronized int starts() {
    return starts;
  }

  @Override
  public void close() {
    Processes.stop(process, 20);
  }
}
