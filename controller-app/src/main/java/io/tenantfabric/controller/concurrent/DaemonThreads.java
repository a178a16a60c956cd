package io.tenantfabric.controller.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Daemon threads named {@code <prefix>-1}, {@code <prefix>-2}, ... for the controller's pools. */
public final class DaemonThreads {

  private DaemonThreads() {}

  public static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
