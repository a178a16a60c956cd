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
    // the batch on a thread of its own that stays busy until it lets go: a pool thread handed
    // back would be reused by the next reader, which would then count as the holder itself
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch letGo = new CountDownLatch(1);
    Thread batch =
        new Thread(
            () -> {
              writers.holdAll(List.of("leaf-01"));
              holding.countDown();
              await(letGo);
              writers.releaseAll(List.of("leaf-01"));
            });
    batch.start();

    assertThat(holding.getCount()).as("the batch waits for the read under way").isEqualTo(1);
    finishRead.countDown();
    assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo("read");
    assertThat(holding.await(10, TimeUnit.SECONDS)).as("then holds the switch").isTrue();
    CompletableFuture<String> next =
        CompletableFuture.supplyAsync(() -> writers.whileHeld("leaf-01", () -> "next"), threads);
    assertThat(next).isNotDone();
    letGo.countDown();
    assertThat(next.get(10, TimeUnit.SECONDS)).as("read once the batch let go").isEqualTo("next");
    batch.join(10_000);
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
