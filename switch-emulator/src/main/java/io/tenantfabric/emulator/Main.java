package io.tenantfabric.emulator;

import io.tenantfabric.emulator.control.ControlServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Command-line entry point (a contract, issue 3 item 8): starts the fabric, writes the inventory,
 * starts the control API, prints {@code READY <n> switches}, and stops cleanly on SIGTERM.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    int code = run(args, System.out, System.err);
    if (code != 0) {
      System.exit(code);
    }
  }

  /** Runs until the JVM shuts down; returns 2 for a bad command line, 1 when starting fails. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine cl;
    try {
      cl = CommandLine.parse(List.of(args));
    } catch (CommandLine.UsageException e) {
      err.println("error: " + e.getMessage());
      err.println(CommandLine.USAGE);
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
      for (CommandLine.StartFault f : cl.faults()) {
        if (f.device().equals("*")) {
          fabric.devices().forEach(d -> d.injectFault(f.fault()));
        } else {
          fabric.device(f.device()).injectFault(f.fault());
        }
      }
      if (cl.inventoryOut() != null) {
        Files.writeString(cl.inventoryOut(), fabric.inventoryJson(), StandardCharsets.UTF_8);
      }
      if (cl.controlPort() != null) {
        control = ControlServer.start(fabric, cl.controlPort());
      }
    } catch (java.util.NoSuchElementException e) {
      err.println("error: --fault names " + e.getMessage());
      err.println(CommandLine.USAGE);
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
                  if (api != null) {
                    api.close();
                  }
                  fabric.close();
                  stopped.countDown();
                },
                "emu-shutdown"));
    out.println("READY " + fabric.devices().size() + " switches");
    out.flush();
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }
}
