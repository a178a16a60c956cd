package io.tenantfabric.bench;

import java.util.concurrent.TimeUnit;

/** Stopping the product's processes the same way everywhere. */
final class Processes {
  private Processes() {}

  /** SIGTERM, then SIGKILL if it has not exited within {@code seconds}. */
  static void stop(Process p, int seconds) {
    p.destroy();
    try {
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
    }
  }
}
