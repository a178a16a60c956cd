package io.tenantfabric.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs one task per item on {@code threads} threads and waits for all; the first failure is thrown.
 */
final class Parallel {
  private Parallel() {}

  interface Task<T> {
    void run(T item) throws Exception;
  }

  static <T> void each(List<T> items, int threads, Task<T> task) throws Exception {
    ExecutorService pool =
        Executors.newFixedThreadPool(Math.max(1, Math.min(threads, items.size())));
    try {
      List<Future<Void>> futures = new ArrayList<>();
      for (T item : items) {
        futures.add(
            pool.submit(
                () -> {
                  task.run(item);
                  return null;
                }));
      }
      for (Future<Void> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          if (e.getCause() instanceof Exception ex) {
            throw ex;
          }
          throw e;
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Sets (ms > 0) or clears (ms = 0) the per-RPC delay of {@code devices} through the control API.
   */
  static void delay(EmulatorControl control, List<String> devices, long ms) throws Exception {
    each(
        devices,
        8,
        d -> {
          // clear, then set: the pair is idempotent, so a call lost on a keep-alive connection
          // the emulator's control server had just closed ("header parser received no bytes",
          // seen once with 320 switches) is simply made again
          for (int attempt = 1; ; attempt++) {
            try {
              control.clearFaults(d);
              if (ms > 0) {
                control.delay(d, ms);
              }
              return;
            } catch (IOException e) {
              if (attempt == 3) {
                throw e;
              }
            }
          }
        });
  }
}
