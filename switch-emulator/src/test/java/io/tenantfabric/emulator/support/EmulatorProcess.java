package io.tenantfabric.emulator.support;

import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The built emulator jar (or, without it, the test class path) as a separate process: started, its
 * stdout collected, stopped with SIGTERM ({@link Process#destroy()}), killed on close.
 */
public final class EmulatorProcess implements AutoCloseable {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final Process process;
  private final List<String> stdout = new CopyOnWriteArrayList<>();

  private EmulatorProcess(Process process) {
    this.process = process;
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  stdout.add(line);
                }
              } catch (IOException e) {
                stdout.add("READ FAILED " + e);
              }
            });
    reader.setDaemon(true);
    reader.start();
  }

  /** {@code java [-jar emulator.jar | -cp ... Main]}, without arguments. */
  public static List<String> javaCommand() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String jar = System.getProperty("emulator.jar");
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m"));
    if (jar != null && Files.isRegularFile(Path.of(jar))) {
      cmd.addAll(List.of("-jar", jar));
    } else {
      cmd.addAll(
          List.of("-cp", System.getProperty("java.class.path"), "io.tenantfabric.emulator.Main"));
    }
    return cmd;
  }

  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /**
   * Starts the emulator with {@code args}, plus {@code env} in its environment (and without any
   * EMULATOR_PASSWORD this JVM may have), stderr to {@code stderr}; waits for its first line.
   */
  public static EmulatorProcess start(List<String> args, Map<String, String> env, Path stderr)
      throws IOException, InterruptedException {
    List<String> cmd = javaCommand();
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(stderr.toFile());
    pb.environment().remove("EMULATOR_PASSWORD");
    pb.environment().putAll(env);
    EmulatorProcess p = new EmulatorProcess(pb.start());
    try {
      await()
          .atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> !p.stdout.isEmpty() || !p.process.isAlive());
    } catch (ConditionTimeoutException e) {
      p.close();
      throw new IllegalStateException("the emulator printed nothing within 90 s");
    }
    return p;
  }

  /** Every line printed on stdout so far. */
  public List<String> stdout() {
    return stdout;
  }

  /** The inventory the process wrote to {@code file}, as JSON. */
  public static JsonNode inventory(Path file) throws IOException {
    return new ObjectMapper().readTree(Files.readString(file));
  }

  /** {@code GET http://127.0.0.1:port/path} with the client's own (correct) Host header. */
  public static HttpResponse<String> get(int port, String path)
      throws IOException, InterruptedException {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(20))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /**
   * SIGTERM, then waits at most {@code bound} for the process to end; returns its exit status, or
   * null when it is still running.
   */
  public Integer terminate(Duration bound) throws InterruptedException {
    process.destroy();
    return process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
