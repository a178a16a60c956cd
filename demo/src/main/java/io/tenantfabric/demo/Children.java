package io.tenantfabric.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The child processes of this run (emulator, migrate step, controller), each written to a file as
 * it starts so that a start after a killed run finds and stops them ({@link #stopLeftovers}).
 * Stopped in reverse order: SIGTERM, and SIGKILL past {@link #STOP_WAIT}.
 */
final class Children {
  static final Duration STOP_WAIT = Duration.ofSeconds(30);

  private final Path file;
  private final List<Process> started = new ArrayList<>();
  private boolean closed;

  Children(Path file) {
    this.file = file;
  }

  /** A started child, with the name it has in messages. */
  record Child(String name, Process process) {}

  /**
   * Starts {@code builder} unless {@link #stopAll} already ran (a Ctrl-C during start-up), and
   * records it.
   */
  synchronized Child start(String name, ProcessBuilder builder) throws IOException, DemoException {
    if (closed) {
      throw new DemoException("stopping");
    }
    Process p = builder.start();
    started.add(p);
    Instant startedAt = p.info().startInstant().orElse(Instant.EPOCH);
    Files.writeString(
        file,
        name + " " + p.pid() + " " + startedAt.toEpochMilli() + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    return new Child(name, p);
  }

  synchronized boolean startedAny() {
    return !started.isEmpty();
  }

  /** Stops every child, last started first, and forgets them. */
  void stopAll() {
    List<Process> toStop;
    synchronized (this) {
      closed = true;
      toStop = new ArrayList<>(started);
    }
    for (int i = toStop.size() - 1; i >= 0; i--) {
      stop(toStop.get(i).toHandle());
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // the next start would find only dead processes in it
    }
  }

  /**
   * Stops the children that a run killed before it could stop them (SIGKILL, a crash) left running:
   * those listed in {@code file} that are alive and started when recorded (a reused pid starts at
   * another time). Returns what it stopped, for the message.
   */
  static List<String> stopLeftovers(Path file, PrintStream out) throws IOException {
    List<String> stopped = new ArrayList<>();
    if (!Files.exists(file)) {
      return stopped;
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = lines.size() - 1; i >= 0; i--) {
      String[] f = lines.get(i).trim().split(" ");
      if (f.length != 3) {
        continue;
      }
      Optional<ProcessHandle> h = ProcessHandle.of(Long.parseLong(f[1]));
      if (h.isPresent()
          && h.get().isAlive()
          && h.get().info().startInstant().map(Instant::toEpochMilli).orElse(-1L)
              == Long.parseLong(f[2])) {
        out.println("stopping the " + f[0] + " (pid " + f[1] + ") that a killed run left running");
        stop(h.get());
        stopped.add(f[0]);
      }
    }
    Files.delete(file);
    return stopped;
  }

  private static void stop(ProcessHandle h) {
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
}
