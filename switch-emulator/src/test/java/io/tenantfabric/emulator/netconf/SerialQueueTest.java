package io.tenantfabric.emulator.netconf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One session's tasks: in order, one at a time, and never wedged by what a task throws. */
class SerialQueueTest {
  final ExecutorService pool = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  /** Waits until every task submitted so far to {@code q} has run. */
  static void settle(SerialQueue q) throws InterruptedException {
    CountDownLatch done = new CountDownLatch(1);
    q.submit(done::countDown);
    assertThat(done.await(30, TimeUnit.SECONDS)).as("queue drained").isTrue();
  }

  @Test
  void runsTasksInOrderAndCarriesOnAfterAnException() throws Exception {
    List<Integer> ran = new CopyOnWriteArrayList<>();
    SerialQueue q = new SerialQueue("leaf-01", pool, e -> ran.add(-1));
    q.submit(() -> ran.add(1));
    q.submit(
        () -> {
          throw new IllegalStateException("boom");
        });
    q.submit(() -> ran.add(2));
    settle(q);
    assertThat(ran).containsExactly(1, 2);
  }

  @Test
  void anErrorDropsTheSessionDiscardsItsQueueAndLeavesThePoolThreadAlive() throws Exception {
    List<String> ran = new CopyOnWriteArrayList<>();
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch dropped = new CountDownLatch(1);
    SerialQueue q =
        new SerialQueue(
            "leaf-02",
            pool,
            e -> {
              ran.add("dropped after " + e.getClass().getSimpleName());
              dropped.countDown();
            });
    q.submit(
        () -> {
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          throw new StackOverflowError();
        });
    q.submit(() -> ran.add("queued behind the error"));
    release.countDown();
    assertThat(dropped.await(30, TimeUnit.SECONDS)).isTrue();
    q.submit(() -> ran.add("submitted after the error"));

    SerialQueue other = new SerialQueue("leaf-01", pool, e -> {});
    other.submit(() -> ran.add("another session, same pool thread"));
    settle(other);
    assertThat(ran)
        .containsExactly("dropped after StackOverflowError", "another session, same pool thread");
  }
}
