package io.tenantfabric.controller.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

  @Test
  void aLoneCallerIsItsOwnGroupAndGetsItsOwnAnswer() {
    List<List<Integer>> groups = new ArrayList<>();
    GroupCommit<Integer, String> gc =
        new GroupCommit<>(
            4,
            g -> {
              groups.add(g.stream().map(GroupCommit.Pending::item).toList());
              g.forEach(p -> p.complete("answer " + p.item()));
            });
    assertThat(gc.submit(7)).isEqualTo("answer 7");
    assertThat(gc.submit(8)).isEqualTo("answer 8");
    assertThat(groups).containsExactly(List.of(7), List.of(8));
  }

  @Test
  void callersQueuedWhileAGroupCommitsGoTogetherInArrivalOrderEachWithItsOwnAnswer()
      throws Exception {
    int callers = 40;
    CountDownLatch firstIn = new CountDownLatch(1);
    CountDownLatch othersQueued = new CountDownLatch(1);
    List<List<Integer>> groups = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger commits = new AtomicInteger();
    GroupCommit<Integer, Integer> gc =
        new GroupCommit<>(
            16,
            g -> {
              if (commits.getAndIncrement() == 0) { // hold the first group until all are queued
                firstIn.countDown();
                await(othersQueued);
              }
              groups.add(g.stream().map(GroupCommit.Pending::item).toList());
              g.forEach(p -> p.complete(p.item() * 10));
            });
    ExecutorService pool = Executors.newFixedThreadPool(callers + 1);
    try {
      Future<Integer> first = pool.submit(() -> gc.submit(0));
      firstIn.await(10, TimeUnit.SECONDS);
      List<Future<Integer>> rest = new ArrayList<>();
      for (int i = 1; i <= callers; i++) {
        int item = i;
        rest.add(pool.submit(() -> gc.submit(item)));
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (gc.queued() < callers && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertThat(gc.queued())
          .as("every other caller queued behind the first group")
          .isEqualTo(callers);
      othersQueued.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS)).isZero();
      for (int i = 0; i < callers; i++) {
        assertThat(rest.get(i).get(10, TimeUnit.SECONDS)).isEqualTo((i + 1) * 10);
      }
    } finally {
      pool.shutdownNow();
    }
    List<Integer> all = new ArrayList<>();
    groups.forEach(all::addAll);
    assertThat(all).as("every item committed exactly once").hasSize(callers + 1);
    assertThat(all).doesNotHaveDuplicates();
    assertThat(groups).allSatisfy(g -> assertThat(g).hasSizeBetween(1, 16));
    // 40 queued callers in groups of at most 16: 3 groups after the first, whoever leads them
    assertThat(groups).hasSize(4);
  }

  @Test
  void aCommitThatThrowsFailsItsOwnGroupOnlyAndTheNextCallerGoesOn() {
    GroupCommit<Integer, Integer> gc =
        new GroupCommit<>(
            4,
            g -> {
              if (g.get(0).item() < 0) {
                throw new IllegalArgumentException("negative");
              }
              g.forEach(p -> p.complete(p.item()));
            });
    assertThatThrownBy(() -> gc.submit(-1)).hasMessage("negative");
    assertThat(gc.submit(3)).isEqualTo(3);
  }

  @Test
  void anItemTheCommitForgetsIsFailedNotLeftHanging() {
    GroupCommit<Integer, Integer> gc = new GroupCommit<>(4, g -> {});
    assertThatThrownBy(() -> gc.submit(1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("unanswered");
  }

  @Test
  void manyCallersSubmittingOverAndOverAreEachAnsweredOnceAndNoneIsLeftWaiting() throws Exception {
    int callers = 16;
    int each = 2_000;
    AtomicInteger committed = new AtomicInteger();
    GroupCommit<Integer, Integer> gc =
        new GroupCommit<>(
            5,
            g -> {
              committed.addAndGet(g.size());
              g.forEach(p -> p.complete(-p.item()));
            });
    ExecutorService pool = Executors.newFixedThreadPool(callers);
    try {
      List<Future<Integer>> wrong = new ArrayList<>();
      for (int c = 0; c < callers; c++) {
        int base = c * each;
        wrong.add(
            pool.submit(
                () -> {
                  int mismatches = 0;
                  for (int i = base; i < base + each; i++) {
                    if (gc.submit(i) != -i) {
                      mismatches++;
                    }
                  }
                  return mismatches;
                }));
      }
      for (Future<Integer> w : wrong) {
        // a lost wake-up leaves a caller parked for good: this get times out
        assertThat(w.get(60, TimeUnit.SECONDS)).isZero();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(committed).hasValue(callers * each);
    assertThat(gc.queued()).isZero();
  }

  @Test
  void anInterruptedCallerStillWaitsForItsAnswerAndKeepsTheInterrupt() throws Exception {
    CountDownLatch committing = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    GroupCommit<Integer, Integer> gc =
        new GroupCommit<>(
            4,
            g -> {
              if (g.get(0).item() == 0) { // the first group holds its leadership a while
                committing.countDown();
                await(release);
              }
              g.forEach(p -> p.complete(p.item() + 100));
            });
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Integer> first = pool.submit(() -> gc.submit(0));
      assertThat(committing.await(10, TimeUnit.SECONDS)).isTrue();
      Future<Boolean[]> waiter =
          pool.submit(
              () -> {
                Thread.currentThread().interrupt();
                int answer = gc.submit(1);
                return new Boolean[] {answer == 101, Thread.currentThread().isInterrupted()};
              });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (gc.queued() < 1 && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertThat(gc.queued()).as("the interrupted caller queued and waits").isEqualTo(1);
      assertThat(waiter.isDone()).isFalse();
      release.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(100);
      assertThat(waiter.get(10, TimeUnit.SECONDS)).containsExactly(true, true);
    } finally {
      pool.shutdownNow();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
