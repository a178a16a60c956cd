package io.tenantfabric.controller.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.db.testing.TestDatabases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The built controller jar ({@code controller-app.jar} in the build directory, {@code target}
 * unless {@code -Dbuild.dir} says otherwise) as a process of its own on a test schema, as the
 * runtime role, on a free loopback port; {@link #kill} is SIGKILL.
 */
public final class ControllerProcess implements AutoCloseable {

  private static final Path JAR =
      Path.of(System.getProperty("build.directory", "target"), "controller-app.jar");

  private final Process process;
  private final Path log;
  private final int port;

  private ControllerProcess(Process process, Path log, int port) {
    this.process = process;
    this.log = log;
    this.port = port;
  }

  /** Starts the jar on {@code schema} (migrated) and waits until it serves requests. */
  public static ControllerProcess start(TestDatabases.Schema schema, Path log) {
    return start(schema, log, Map.of());
  }

  /**
   * Starts the jar with {@code environment} added (the reconcile schedule is off unless it says
   * otherwise) and waits until it serves requests.
   */
  public static ControllerProcess start(
      TestDatabases.Schema schema, Path log, Map<String, String> environment) {
    assertThat(JAR).as("the controller jar, built by the package phase").exists();
    int port = freePort();
    ProcessBuilder pb =
        new ProcessBuilder(
            List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx512m",
                "-jar",
                JAR.toString(),
                "--logging.level.root=WARN",
                "--logging.level.io.tenantfabric=INFO"));
    Map<String, String> env = pb.environment();
    env.put("FABRIC_DB_URL", schema.url());
    env.put("FABRIC_DB_USER", schema.user());
    env.put("FABRIC_DB_PASSWORD", schema.password());
    env.put("FABRIC_BOOTSTRAP_TOKEN", ApiClient.BOOTSTRAP_TOKEN);
    env.put("SERVER_ADDRESS", "127.0.0.1");
    env.put("SERVER_PORT", Integer.toString(port));
    env.put("FABRIC_AUTH_FAILURES_PER_MINUTE", "1000000");
    env.put("FABRIC_PROVISIONING_CONFIRM_TIMEOUT", "20s");
    env.put("FABRIC_RECONCILE_INTERVAL", "0");
    env.putAll(environment);
    pb.redirectErrorStream(true);
    pb.redirectOutput(log.toFile());
    Process p;
    try {
      p = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ControllerProcess c = new ControllerProcess(p, log, port);
    ApiClient api = c.api();
    boolean up =
        EmulatedFabrics.eventually(
            Duration.ofSeconds(90),
            () -> {
              if (!p.isAlive()) {
                return true;
              }
              try {
                return api.withToken(null).get("/actuator/health").status() == 200;
              } catch (RuntimeException notYet) {
                return false;
              }
            });
    assertThat(up && p.isAlive()).as("the controller started: %s", c.tail()).isTrue();
    return c;
  }

  /** A client with the bootstrap OPERATOR token. */
  public ApiClient api() {
    return new ApiClient(port);
  }

  /** The loopback port it serves the API on. */
  public int port() {
    return port;
  }

  /** SIGKILL, and wait for the process to be gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** Whether the process has written {@code text} to its log. */
  public boolean logged(String text) {
    return count(text) > 0;
  }

  /** How many times the process has written {@code text} to its log. */
  public int count(String text) {
    try {
      String all = Files.readString(log);
      int n = 0;
      for (int i = all.indexOf(text); i >= 0; i = all.indexOf(text, i + text.length())) {
        n++;
      }
      return n;
    } catch (IOException e) {
      return 0;
    }
  }

  /**
   * The lines the process wrote from the first one containing {@code text} on (at most {@code
   * lines}, a stack trace included), for a failure's message; empty when it wrote none.
   */
  public String excerpt(String text, int lines) {
    try {
      List<String> all = Files.readAllLines(log);
      for (int i = 0; i < all.size(); i++) {
        if (all.get(i).contains(text)) {
          return String.join("\n", all.subList(i, Math.min(all.size(), i + lines)));
        }
      }
      return "";
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Whether the process still runs. */
  public boolean alive() {
    return process.isAlive();
  }

  /** The last lines the process wrote. */
  public String tail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
