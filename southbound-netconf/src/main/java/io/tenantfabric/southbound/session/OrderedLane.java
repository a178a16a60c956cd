package io.tenantfabric.southbound.session;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one session's tasks one at a time, in submission order, on the client's shared workers;
 * after a few tasks it yields its worker so that one busy switch cannot hold a thread for long.
 */
final class OrderedLane {

  private static final int TASKS_PER_TURN = 8;

  private final Executor workers;
  private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean scheduled = new AtomicBoolean();

  OrderedLane(Executor workers) {
    this.workers = workers;
  }

  /**
   * Queues a task behind this lane's earlier ones.
   *
   * @throws RejectedExecutionException if the workers are shut down (the task is not kept)
   */
  void submit(Runnable task) {
    tasks.add(task);
    try {
      schedule();
    } catch (RejectedExecutionException e) {
      tasks.remove(task);
      throw e;
    }
  }

  private void schedule() {
    if (scheduled.compareAndSet(false, true)) {
      try {
        workers.execute(this::runTurn);
      } catch (RejectedExecutionException e) {
        scheduled.set(false);
        throw e;
      }
    }
  }

  private void runTurn() {
    try {
      for (int i = 0; i < TASKS_PER_TURN; i++) {
        Runnable task = tasks.poll();
        if (task == null) {
          break;
        }
        task.run();
      }
    } finally {
      scheduled.set(false);
      if (!tasks.isEmpty()) {
        try {
          schedule();
        } catch (RejectedExecutionException shutDown) {
          tasks.clear(); // the client is closing; its sessions are being failed
        }
      }
    }
  }
}
