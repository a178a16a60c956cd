package io.tenantfabric.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The built {@code demo.jar} started as a user starts it, in a child JVM with the environment
 * cleared of database settings, so that it falls back to the embedded PostgreSQL.
 */
final class DemoProcess {
  static final Duration READY_WITHIN = Duration.ofMinutes(4);

  private final Process process;
  private final Path dataDir;
  private final Path output;
  private final Ports ports;

  /** The ports one demo listens on, chosen free for this test. */
  record Ports(int server, int control, int base, int switches, int db, int noPostgres) {
    List<Integer> all() {
      List<Integer> all = new ArrayList<>(List.of(server, control, db));
      for (int p = base; p < base + switches; p++) {
        all.add(p);
      }
      return all;
    }

    List<String> flags(Path dataDir) {
      return List.of(
          "--data-dir",
          dataDir.toString(),
          "--port",
          Integer.toString(server),
          "--emulator-control-port",
          Integer.toString(control),
          "--emulator-base-port",
          Integer.toString(base),
          "--db-port",
          Integer.toString(db),
          // a port where no PostgreSQL answers: the demo must fall back to the embedded one
          "--local-postgres-port",
          Integer.toString(noPostgres));
    }

    static Ports pick(int switches) throws IOException {
      int[] singles = new int[4];
      for (int i = 0; i < singles.length; i++) {
        try (ServerSocket s = new ServerSocket(0)) {
          singles[i] = s.getLocalPort();
        }
      }
      for (int base = 21000; base < 40000; base += 97) {
        boolean free = true;
        for (int p = base; p < base + switches && free; p++) {
          free = io.tenantfabric.demo.Ports.free(p) && !contains(singles, p);
        }
        if (free) {
          return new Ports(singles[0], singles[1], base, switches, singles[2], singles[3]);
        }
      }
      throw new IOException("no " + switches + " consecutive free ports");
    }

    private static boolean contains(int[] ports, int p) {
      for (int q : ports) {
        if (q == p) {
          return true;
        }
      }
      return false;
    }
  }

  private DemoProcess(Process process, Path dataDir, Path output, Ports ports) {
    this.process = process;
    this.dataDir = dataDir;
    this.output = output;
    this.ports = ports;
  }

  static DemoProcess start(Path dataDir, Ports ports, Path output) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-jar");
    cmd.add(System.getProperty("demo.jar"));
    cmd.addAll(ports.flags(dataDir));
    ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
    b.redirectOutput(output.toFile());
    Map<String, String> env = b.environment();
    env.keySet().removeIf(k -> k.startsWith("FABRIC_") || k.startsWith("EMULATOR_"));
    env.remove("SERVER_PORT");
    return new DemoProcess(b.start(), dataDir, output, ports);
  }

  Process process() {
    return process;
  }

  String output() throws IOException {
    return Files.readString(output, StandardCharsets.UTF_8);
  }

  /** Waits for the {@code READY} line and returns the token the demo printed. */
  String awaitReady() throws Exception {
    String ready = "\nREADY http://127.0.0.1:" + ports.server();
    try {
      return printedToken(
          await()
              .atMost(READY_WITHIN)
              .pollInterval(Duration.ofMillis(250))
              .until(() -> outputUnlessStopped(ready), out -> out.contains(ready)));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError("no READY within " + READY_WITHIN + "; output:\n" + output(), e);
    }
  }

  /** The output so far; fails at once if the demo stopped before printing {@code ready}. */
  private String outputUnlessStopped(String ready) throws IOException {
    String out = output();
    if (!out.contains(ready)) {
      assertThat(process.isAlive()).as("the demo is running; its output:%n%s", out).isTrue();
    }
    return out;
  }

  private static String printedToken(String out) {
    for (String line : out.split("\n")) {
      String l = line.strip();
      if (l.startsWith("token:")) {
        return l.substring("token:".length()).strip().split("\\s+")[0];
      }
    }
    throw new AssertionError("no token line in:\n" + out);
  }

  /**
   * Everything this run started that outlives a killed demo, by name: the child JVMs ({@code
   * controller}, {@code emulator}) and the embedded {@code postmaster}, which runs in a session of
   * its own.
   */
  Map<String, ProcessHandle> processes() throws IOException {
    Map<String, ProcessHandle> all = new TreeMap<>();
    for (ProcessHandle h : process.descendants().toList()) {
      String args = String.join(" ", h.info().arguments().orElse(new String[0]));
      if (args.contains("controller-app.jar")) {
        all.put("controller", h);
      } else if (args.contains("io.tenantfabric.emulator.Main")) {
        all.put("emulator", h);
      } else {
        all.put("other " + h.pid() + " " + args, h);
      }
    }
    Optional<ProcessHandle> h = postmaster();
    assertThat(h).as("the postmaster of %s", dataDir).isPresent();
    all.put("postmaster", h.get());
    return all;
  }

  /** The process the data directory's {@code postmaster.pid} names, if that file and pid exist. */
  private Optional<ProcessHandle> postmaster() throws IOException {
    Path pid = dataDir.resolve("postgres/postmaster.pid");
    if (!Files.exists(pid)) {
      return Optional.empty();
    }
    return ProcessHandle.of(Long.parseLong(Files.readAllLines(pid).get(0).trim()));
  }

  /**
   * Kills what this run may have left: its child JVMs, itself, and the embedded postmaster its data
   * directory names, if one still runs there. Does nothing to a run that stopped cleanly; it is for
   * a test that failed half-way, so that its processes do not outlive it and load the machine the
   * next test or benchmark measures.
   */
  void destroyLeftovers() throws IOException {
    List<ProcessHandle> children = process.descendants().toList(); // before they lose their parent
    children.forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    postmaster() // a stale file may name a pid reused since: only a postgres is killed
        .filter(h -> h.info().command().orElse("").contains("postgres"))
        .ifPresent(ProcessHandle::destroyForcibly);
  }

  /** Sends SIGINT, as Ctrl-C in a terminal does, and returns the exit code. */
  int interrupt() throws Exception {
    Path status = Path.of("/proc", Long.toString(process.pid()), "status");
    String sigIgn =
        Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:")).findFirst().get();
    assertThat(Long.parseUnsignedLong(sigIgn.substring(7).trim(), 16) & 0b10)
        .as(
            "SIGINT is not ignored by the demo (it would be if this test's JVM was started in the"
                + " background by a shell without job control)")
        .isZero();
    Process kill = new ProcessBuilder("/bin/sh", "-c", "kill -INT " + process.pid()).start();
    assertThat(kill.waitFor()).isZero();
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("the demo stopped after SIGINT").isTrue();
    return process.exitValue();
  }

  /** Checks that no port of this run still accepts connections. */
  void assertNothingListens() {
    List<Integer> listening = new ArrayList<>();
    for (int p : ports.all()) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", p), 200);
        listening.add(p);
      } catch (IOException e) {
        // refused: nothing listens, as it should be
      }
    }
    assertThat(listening).as("ports still listening").isEmpty();
  }
}
