package io.tenantfabric.controller.transaction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Leader/follower group commit: callers queue their item and one of them at a time, the leader,
 * takes every item queued so far (up to {@code maxGroup}, in arrival order) and hands them to
 * {@code commit} as one group, which must answer each. A caller whose item a leader answered
 * returns; one whose item is still queued becomes the next leader. A lone caller is its own leader
 * at once, so a group costs nothing when nobody else is waiting. Serialised work that pays a fixed
 * price per round (a global lock, a commit's WAL flush) pays it once per group instead of once per
 * item.
 */
public final class GroupCommit<I, R> {

  /** One queued item and, once its group is done, its answer. */
  public static final class Pending<I, R> {
    private final I item;
    private R result;
    private RuntimeException failure;
    private volatile boolean done;

    private Pending(I item) {
      this.item = item;
    }

    public I item() {
      return item;
    }

    public boolean done() {
      return done;
    }

    public void complete(R r) {
      if (!done) {
        result = r;
        done = true;
      }
    }

    public void fail(RuntimeException e) {
      if (!done) {
        failure = e;
        done = true;
      }
    }

    private R get() {
      if (failure != null) {
        throw failure;
      }
      return result;
    }
  }

  private final ConcurrentLinkedQueue<Pending<I, R>> queue = new ConcurrentLinkedQueue<>();
  private final ReentrantLock leader = new ReentrantLock();
  private final int maxGroup;
  private final Consumer<List<Pending<I, R>>> commit;

  public GroupCommit(int maxGroup, Consumer<List<Pending<I, R>>> commit) {
    if (maxGroup < 1) {
      throw new IllegalArgumentException("maxGroup must be at least 1");
    }
    this.maxGroup = maxGroup;
    this.commit = commit;
  }

  /** Queues {@code item}, waits until a group containing it is committed, returns its answer. */
  public R submit(I item) {
    Pending<I, R> mine = new Pending<>(item);
    queue.add(mine);
    while (!mine.done()) {
      leader.lock();
      try {
        if (!mine.done()) {
          commitQueued();
        }
      } finally {
        leader.unlock();
      }
    }
    return mine.get();
  }

  /** Items queued and not yet taken by a leader. */
  public int queued() {
    return queue.size();
  }

  private void commitQueued() {
    List<Pending<I, R>> group = new ArrayList<>();
    for (Pending<I, R> p; group.size() < maxGroup && (p = queue.poll()) != null; ) {
      group.add(p);
    }
    try {
      commit.accept(group);
    } catch (RuntimeException e) {
      group.forEach(p -> p.fail(e));
    } finally {
      group.forEach(
          p -> p.fail(new IllegalStateException("the group commit left this item unanswered")));
    }
  }
}
