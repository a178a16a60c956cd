package io.tenantfabric.emulator;

import io.tenantfabric.emulator.control.ControlServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CountDownLatch;

/**
 * Command-line entry point (a contract other tools rely on, docs/emulator.md): starts the fabric,
 * writes the inventory (again after each install), starts the control API, prints {@code READY <n>
 * switches} (the installed ones), and stops cleanly on SIGTERM.
 */
public final class Main {
  /**
   * How long SIGTERM waits for a clean stop. Past it the process exits anyway: a stop that waits
   * for a device monitor held by a stuck RPC must not turn SIGTERM into "needs SIGKILL".
   */
  static final Duration STOP_BOUND = Duration.ofSeconds(20);

  private Main() {}

  public static void main(String[] args) {
    int code = run(args, System.getenv(), System.out, System.err);
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs until the JVM shuts down; returns 2 for a bad command line, 1 when starting fails. */
  static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
    MainArguments cl;
    try {
      cl = MainArguments.parse(List.of(args), env);
    } catch (MainArguments.UsageException e) {
      err.println("error: " + e.getMessage());
      err.println(MainArguments.USAGE);
      return 2;
    }
    EmulatedFabric fabric;
    ControlServer control = null;
    try {
      fabric = EmulatedFabric.start(cl.options());
    } catch (RuntimeException e) {
      err.println("error: cannot start the fabric: " + e.getMessage());
      return 1;
    }
    try {
      for (MainArguments.StartFault f : cl.faults()) {
        if (f.device().equals("*")) {
          fabric.devices().forEach(d -> d.injectFault(f.fault()));
        } else {
          fabric.device(f.device()).injectFault(f.fault());
        }
      }
      if (cl.inventoryOut() != null) {
        fabric.inventoryFile(cl.inventoryOut());
      }
      if (cl.controlPort() != null) {
        control = ControlServer.start(fabric, cl.controlPort());
      }
    } catch (NoSuchElementException e) {
      err.println("error: --fault names " + e.getMessage());
      err.println(MainArguments.USAGE);
      fabric.close();
      return 2;
    } catch (IOException | UncheckedIOException e) {
      err.println("error: " + e.getMessage());
      fabric.close();
      return 1;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    ControlServer api = control;
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  stopWithin(STOP_BOUND, api, fabric, err);
                  stopped.countDown();
                },
                "emu-shutdown"));
    long installed = fabric.devices().stream().filter(d -> fabric.installed(d.name())).count();
    out.println("READY " + installed + " switches");
    out.flush();
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  /**
   * Closes the control API and the fabric on a daemon thread and waits at most {@code bound}; the
   * JVM then exits whether or not they finished.
   */
  static void stopWithin(
      Duration bound, ControlServer api, EmulatedFabric fabric, PrintStream err) {
    Thread closer =
        new Thread(
            () -> {
              if (api != null) {
                api.close();
              }
              fabric.close();
            },
            "emu-stop");
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(bound.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (closer.isAlive()) {
      err.println(
          "warning: the emulator did not stop within "
              + bound.toSeconds()
              + " s (an RPC may hold a switch); exiting anyway");
      err.flush();
    }
  }
}
