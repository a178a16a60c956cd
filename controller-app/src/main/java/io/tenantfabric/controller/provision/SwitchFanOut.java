package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.concurrent.DaemonThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Runs one step on many switches at once and waits for all of them: the batch's connect, prepare,
 * confirm and rollback, and the saves between batches. At most {@code
 * fabric.provisioning.parallelism} steps run at once (slots); threads are reused while idle and go
 * after a minute idle (a cached pool), so a batch of 8 switches keeps 8 threads, not 512.
 */
@Component
class SwitchFanOut implements DisposableBean {
  private final ExecutorService devices;
  private final Semaphore slots;

  SwitchFanOut(ProvisioningProperties properties) {
    this.devices = Executors.newCachedThreadPool(DaemonThreads.named("provision-device"));
    this.slots = new Semaphore(properties.parallelism());
  }

  /** {@code step} applied to every item, results in the items' order; a step must not throw. */
  <C, T> List<T> onEach(List<C> items, Function<C, T> step) {
    List<Future<T>> futures = new ArrayList<>();
    List<T> results = new ArrayList<>();
    try {
      for (C item : items) {
        slots.acquire();
        futures.add(
            devices.submit(
                () -> {
                  try {
                    return step.apply(item);
                  } finally {
                    slots.release();
                  }
                }));
      }
      for (Future<T> f : futures) {
        results.add(f.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for switches", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a switch step failed unexpectedly", e.getCause());
    }
    return results;
  }

  @Override
  public void destroy() {
    devices.shutdownNow();
  }
}
