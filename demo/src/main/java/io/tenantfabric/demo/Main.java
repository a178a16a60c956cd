package io.tenantfabric.demo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar demo/target/demo.jar [options]}: see {@link DemoOptions#USAGE}. Exits 0 after a
 * stop it was asked for (Ctrl-C: the JVM's own 130), 1 when a step fails, 2 for a bad command line.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(List.of(args), System.getenv()));
  }

  static int run(List<String> args, Map<String, String> env) {
    if (args.contains("--help") || args.contains("-h")) {
      System.out.print(DemoOptions.USAGE);
      return 0;
    }
    DemoOptions options;
    try {
      options = DemoOptions.parse(args, env, Path.of(System.getProperty("user.home")));
    } catch (DemoOptions.UsageException e) {
      System.err.println("error: " + e.getMessage());
      System.err.print(DemoOptions.USAGE);
      return 2;
    }
    if (sigintIgnored()) {
      System.out.println(
          "note: this process ignores SIGINT (a shell without job control started it in the"
              + " background), so Ctrl-C cannot stop it: use kill "
              + ProcessHandle.current().pid()
              + " (SIGTERM) instead");
    }
    DemoRun run = new DemoRun(options, env, System.out);
    Runtime.getRuntime().addShutdownHook(new Thread(run::stop, "demo-stop"));
    try {
      DemoRun.Ready ready = run.start();
      run.printReady(ready);
      run.awaitExit(ready);
      return 0;
    } catch (DemoException | IOException | RuntimeException e) {
      if (run.stopping()) {
        return 0;
      }
      System.err.println("error: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    } finally {
      run.stop();
    }
  }

  // Linux /proc/self/status "SigIgn:" is a hex mask, bit n-1 for signal n; SIGINT is 2. The JVM
  // installs no handler for a signal it inherited ignored, so the shutdown hook would never run.
  static boolean sigintIgnored() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("SigIgn:")) {
          return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 0b10) != 0;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: nothing to say
    }
    return false;
  }
}
