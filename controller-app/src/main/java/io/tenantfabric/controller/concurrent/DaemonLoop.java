package io.tenantfabric.controller.concurrent;

import java.time.Duration;

/**
 * One named daemon thread running a loop until stopped: start it, and stop it by interrupting it
 * and waiting a bounded time for it to end.
 */
public final class DaemonLoop {

  private final String name;
  private final Runnable loop;
  private Thread thread;

  public DaemonLoop(String name, Runnable loop) {
    this.name = name;
    this.loop = loop;
  }

  public synchronized void start() {
    if (thread != null) {
      return;
    }
    thread = new Thread(loop, name);
    thread.setDaemon(true);
    thread.start();
  }

  public synchronized void stop(Duration wait) {
    if (thread == null) {
      return;
    }
    thread.interrupt();
    try {
      thread.join(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    thread = null;
  }
}
