package io.tenantfabric.emulator.netconf;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one session's tasks one at a time, in submission order, on a pool shared by every session
 * (no thread per session). Nothing a task throws leaves the queue marked busy or kills the pool
 * thread: an exception is logged and the next task runs; an {@link Error} (a StackOverflowError
 * from a pathological message, an OutOfMemoryError) discards the queued tasks and calls {@code
 * onError}, which drops the session, since its state can no longer be trusted.
 */
final class SerialQueue {
  private static final Logger LOG = LoggerFactory.getLogger(SerialQueue.class);

  private final String name;
  private final Executor pool;
  private final Consumer<Error> onError;
  private final Queue<Runnable> tasks = new ArrayDeque<>();
  // Both guarded by tasks.
  private boolean draining;
  private boolean failed;

  /** {@code name} labels log lines (the device's name). */
  SerialQueue(String name, Executor pool, Consumer<Error> onError) {
    this.name = name;
    this.pool = pool;
    this.onError = onError;
  }

  /** Queues {@code task}; ignored once a task has failed with an Error. */
  void submit(Runnable task) {
    synchronized (tasks) {
      if (failed) {
        return;
      }
      tasks.add(task);
      if (draining) {
        return;
      }
      draining = true;
    }
    try {
      pool.execute(this::drain);
    } catch (RejectedExecutionException e) {
      // The pool is shut down: the fabric is closing and takes this session with it.
      synchronized (tasks) {
        tasks.clear();
        draining = false;
      }
    }
  }

  private void drain() {
    boolean idle = false;
    try {
      for (Runnable next = poll(); next != null; next = poll()) {
        runOne(next);
      }
      idle = true;
    } finally {
      if (!idle) {
        // Only reached if logging or onError itself threw: never leave the queue marked busy.
        synchronized (tasks) {
          draining = false;
        }
      }
    }
  }

  /** The next task, or null after marking the queue idle. */
  private Runnable poll() {
    synchronized (tasks) {
      Runnable next = failed ? null : tasks.poll();
      if (next == null) {
        draining = false;
      }
      return next;
    }
  }

  /** Catches everything on purpose: the point of this class is that nothing escapes a task. */
  private void runOne(Runnable task) {
    try {
      task.run();
    } catch (Error e) {
      synchronized (tasks) {
        failed = true;
        tasks.clear();
      }
      LOG.error("{}: session task failed with {}; dropping the session", name, e.toString(), e);
      onError.accept(e);
    } catch (Throwable e) {
      LOG.warn("{}: session task failed", name, e);
    }
  }
}
