package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A session's messages are handled one at a time, in order, on a shared pool. */
class OrderedLaneTest {

  @Test
  void runsOneLanesTasksInSubmissionOrderOnAPoolOfSeveralThreads() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      OrderedLane lane = new OrderedLane(pool);
      List<Integer> seen = new CopyOnWriteArrayList<>();
      AtomicInteger running = new AtomicInteger();
      AtomicInteger overlaps = new AtomicInteger();
      CountDownLatch done = new CountDownLatch(2000);
      for (int i = 0; i < 2000; i++) {
        int n = i;
        lane.submit(
            () -> {
              if (running.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
              }
              seen.add(n);
              running.decrementAndGet();
              done.countDown();
            });
      }
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(seen).containsExactlyElementsOf(IntStream.range(0, 2000).boxed().toList());
      assertThat(overlaps).hasValue(0);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aBusyLaneDoesNotKeepTheOnlyThreadFromAnotherLane() throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      OrderedLane busy = new OrderedLane(pool);
      OrderedLane other = new OrderedLane(pool);
      List<String> order = new CopyOnWriteArrayList<>();
      CountDownLatch hold = new CountDownLatch(1);
      busy.submit(() -> await(hold)); // occupies the thread while the queues fill
      for (int i = 0; i < 20; i++) {
        busy.submit(() -> order.add("busy"));
      }
      other.submit(() -> order.add("other"));
      CountDownLatch done = new CountDownLatch(1);
      busy.submit(done::countDown);
      hold.countDown();
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(order.indexOf("other")).as("ran between turns of the busy lane").isLessThan(20);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aShutDownPoolRefusesTheTask() {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    pool.shutdown();
    OrderedLane lane = new OrderedLane(pool);
    assertThatThrownBy(() -> lane.submit(() -> {})).isInstanceOf(RejectedExecutionException.class);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
