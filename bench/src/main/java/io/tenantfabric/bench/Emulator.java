package io.tenantfabric.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The emulated fabric as its own process, started from the built jar as docs/emulator.md says: a
 * preset, ephemeral ports, the inventory written to {@code dir}, and the control API on a free
 * loopback port (per-RPC delay is set through it, {@link EmulatorControl}). {@link #close()} stops
 * it.
 */
final class Emulator implements AutoCloseable {
  static final String USER = "admin";
  static final String PASSWORD = "bench-password";

  private final Process process;
  private final Path inventory;
  private final EmulatorControl control;

  private Emulator(Process process, Path inventory, EmulatorControl control) {
    this.process = process;
    this.inventory = inventory;
    this.control = control;
  }

  /** Starts {@code preset} (leaves only or not) with {@code --delay-ms 0} and waits for READY. */
  static Emulator start(BenchEnvironment env, Path dir, String preset, boolean leavesOnly)
      throws Exception {
    return start(env, dir, preset, null, leavesOnly);
  }

  /**
   * As {@link #start(BenchEnvironment, Path, String, boolean)}, with only {@code installedPreset}'s
   * switches and cables of {@code preset} installed when it is not null ({@code
   * --installed-preset}): the rest wait for {@code POST /devices/{name}/install}, as a growth's new
   * switches wait for the floor.
   */
  static Emulator start(
      BenchEnvironment env, Path dir, String preset, String installedPreset, boolean leavesOnly)
      throws Exception {
    return start(env, dir, preset, installedPreset, leavesOnly, 0);
  }

  /**
   * As above, every RPC of every switch delayed by {@code delayMs} ({@code --delay-ms}): a base the
   * control API's faults add to and never clear, as a real switch's latency is.
   */
  static Emulator start(
      BenchEnvironment env,
      Path dir,
      String preset,
      String installedPreset,
      boolean leavesOnly,
      long delayMs)
      throws Exception {
    Files.createDirectories(dir);
    Path inventory = dir.resolve("inventory.json");
    Files.deleteIfExists(inventory);
    int controlPort = ListenPorts.free();
    List<String> cmd = new ArrayList<>(List.of("java", "-Xmx2g"));
    // BENCH_EMULATOR_JVM_OPTS: extra emulator JVM options, to profile it (JFR) for instance
    String extra = System.getenv().getOrDefault("BENCH_EMULATOR_JVM_OPTS", "").strip();
    if (!extra.isEmpty()) {
      cmd.addAll(List.of(extra.split("\\s+")));
    }
    cmd.addAll(List.of("-jar", env.emulatorJar().toString()));
    cmd.addAll(
        List.of(
            "--preset",
            preset,
            "--bind",
            "127.0.0.1",
            "--base-port",
            "0",
            "--username",
            USER,
            "--inventory-out",
            inventory.toString(),
            "--control-port",
            Integer.toString(controlPort),
            "--delay-ms",
            Long.toString(delayMs)));
    if (installedPreset != null) {
      cmd.addAll(List.of("--installed-preset", installedPreset));
    }
    if (leavesOnly) {
      cmd.add("--leaves-only");
    }
    Path log = dir.resolve("emulator.log");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("EMULATOR_PASSWORD", PASSWORD);
    pb.redirectOutput(log.toFile());
    Process p = pb.start();
    Emulator e = new Emulator(p, inventory, new EmulatorControl(controlPort));
    try {
      Product.waitFor(
          Duration.ofMinutes(3),
          () -> Files.exists(log) && Files.readString(log).contains("READY "),
          p,
          "the emulator");
      return e;
    } catch (Exception ex) {
      e.close();
      throw ex;
    }
  }

  long pid() {
    return process.pid();
  }

  Path inventory() {
    return inventory;
  }

  EmulatorControl control() {
    return control;
  }

  @Override
  public void close() {
    Processes.stop(process, 25);
  }
}
