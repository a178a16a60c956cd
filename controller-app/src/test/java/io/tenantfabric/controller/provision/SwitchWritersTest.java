package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A batch goes first: readers wait for it, and it waits only for reads already under way. */
class SwitchWritersTest {
  private final SwitchWriters writers = new SwitchWriters();
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  @Test
  void aReaderThatHasNotStartedWaitsForTheBatchThatWantsItsSwitch() throws Exception {
    writers.holdAll(List.of("leaf-01", "leaf-02"));
    AtomicBoolean batchDone = new AtomicBoolean();
    CompletableFuture<Boolean> read =
        CompletableFuture.supplyAsync(() -> writers.whileHeld("leaf-02", batchDone::get), threads);
    String other =
        CompletableFuture.supplyAsync(() -> writers.whileHeld("leaf-03", () -> "read"), threads)
            .get(10, TimeUnit.SECONDS);

    assertThat(other).isEqualTo("read"); // a switch the batch does not want is read at once
    assertThat(read).isNotDone();
    batchDone.set(true);
    writers.releaseAll(List.of("leaf-01", "leaf-02"));
    assertThat(read.get(10, TimeUnit.SECONDS)).as("read after the batch let go").isTrue();
  }

  @Test
  void aBatchWaitsForAReadUnderWayAndThenHoldsTheSwitch() throws Exception {
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch finishRead = new CountDownLatch(1);
    CompletableFuture<String> read =
        CompletableFuture.supplyAsync(
            () ->
                writers.whileHeld(
                    "leaf-01",
                    () -> {
                      reading.countDown();
                      await(finishRead);
                      return "read";
                    }),
            threads);
    assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<Void> batch =
        CompletableFuture.runAsync(() -> writers.holdAll(List.of("leaf-01")), threads);

    assertThat(batch).isNotDone();
    finishRead.countDown();
    assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo("read");
    batch.get(10, TimeUnit.SECONDS);
    CompletableFuture<String> next =
        CompletableFuture.supplyAsync(() -> writers.whileHeld("leaf-01", () -> "next"), threads);
    assertThat(next).isNotDone(); // the batch holds it now
  }

  @Test
  void theBatchThreadItselfReadsASwitchItHolds() {
    writers.holdAll(List.of("leaf-01"));
    assertThat(writers.whileHeld("leaf-01", () -> "saved")).isEqualTo("saved");
    writers.releaseAll(List.of("leaf-01"));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
