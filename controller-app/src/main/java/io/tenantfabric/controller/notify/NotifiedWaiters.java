package io.tenantfabric.controller.notify;

import io.tenantfabric.controller.concurrent.DaemonThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * {@code ?wait=} without a servlet thread or a pooled connection held: a request waits as a {@link
 * DeferredResult}, woken by the PostgreSQL notification (payload: the id of what changed) that any
 * instance sends on one channel. Each wake-up (and a lost listener connection) re-reads what is
 * waited for and answers the waiters whose thing is done; the timeout answers with it as it is
 * then.
 *
 * <p>The waiters woken together are re-read together ({@link #readAll}, one read for all of them,
 * on one thread): a batch that settles many allocations sends as many notifications at once, and
 * re-read one by one the last client would hear long after the first, and come back with its next
 * change that much later.
 *
 * <p>A waiter on a change its own request just made ({@link #await(UUID, long, Duration, Function,
 * Supplier)}) is not re-read at once: its thing can only have settled since the {@link #mark} taken
 * before the change, and a notification since then either finds the waiter or is kept among the
 * unclaimed ones, which the waiter looks in as it registers. Only when the mark has moved (the
 * listener reconnected, or an unclaimed notification was forgotten to bound their number) does it
 * read at once. The provisioner of this instance wakes the waiters of what a batch settled as soon
 * as its outcome is committed ({@link #settled}), without waiting for the notification to come back
 * from PostgreSQL (docs/perf/verifying-read-and-in-process-wake-ups.md).
 *
 * @param <V> what is waited for, as read
 */
public abstract class NotifiedWaiters<V> implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(NotifiedWaiters.class);

  /** Ids re-read in one {@link #readAll} at most; more wait for the next. */
  static final int MAX_READ = 500;

  /**
   * Notifications nobody waited for, kept at most: a bulk onboarding without {@code ?wait=} sends
   * one per allocation; forgetting the oldest moves the {@link #mark}.
   */
  static final int MAX_UNCLAIMED = 10_000;

  private record Waiter<V>(
      UUID id,
      DeferredResult<ResponseEntity<String>> result,
      Function<V, Optional<ResponseEntity<String>>> done) {}

  private final Map<UUID, List<Waiter<V>>> waiting = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<Waiter<V>> woken = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean draining = new AtomicBoolean();
  private final AtomicLong mark = new AtomicLong();

  /** Ids notified while nobody waited for them, oldest first; guarded by itself. */
  private final LinkedHashMap<UUID, Boolean> unclaimed =
      new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<UUID, Boolean> eldest) {
          if (size() > MAX_UNCLAIMED) {
            mark.incrementAndGet(); // before the id is forgotten
            return true;
          }
          return false;
        }
      };

  private final ExecutorService checks;

  /** Waiters woken by notifications on {@code channel}; {@code name} names their thread. */
  protected NotifiedWaiters(PgListener listener, String channel, String name) {
    this.checks = Executors.newSingleThreadExecutor(DaemonThreads.named(name));
    listener.subscribe(channel, this::changed);
  }

  /**
   * What the waiters on {@code ids} wait for, as it is now, in one read; an id missing from the
   * answer leaves its waiters to the next notification or their timeout.
   */
  protected abstract Map<UUID, V> readAll(Set<UUID> ids);

  /** {@link #readAll} for what is read one at a time (an id {@code read} fails on is left out). */
  protected static <V> Map<UUID, V> oneByOne(Set<UUID> ids, Function<UUID, V> read) {
    Map<UUID, V> out = new HashMap<>();
    for (UUID id : ids) {
      try {
        out.put(id, read.apply(id));
      } catch (RuntimeException e) {
        log.info("re-reading waited-for {} failed: {}", id, e.getMessage());
      }
    }
    return out;
  }

  /**
   * A response that is {@code done}'s answer as soon as it has one, or {@code timedOut}'s after
   * {@code wait}. What is waited for is read at once: it may have finished before this waiter
   * registered.
   */
  public DeferredResult<ResponseEntity<String>> await(
      UUID id,
      Duration wait,
      Function<V, Optional<ResponseEntity<String>>> done,
      Supplier<ResponseEntity<String>> timedOut) {
    return await(id, -1, wait, done, timedOut);
  }

  /**
   * The position of the notifications heard so far, taken before a change whose result a request
   * will wait for ({@link #await(UUID, long, Duration, Function, Supplier)}).
   */
  public long mark() {
    return mark.get();
  }

  /**
   * As {@link #await(UUID, Duration, Function, Supplier)}, for a change made after {@code since}
   * (its {@link #mark}): read at once only if a notification of it may have come before this
   * waiter.
   */
  public DeferredResult<ResponseEntity<String>> await(
      UUID id,
      long since,
      Duration wait,
      Function<V, Optional<ResponseEntity<String>>> done,
      Supplier<ResponseEntity<String>> timedOut) {
    DeferredResult<ResponseEntity<String>> result = new DeferredResult<>(wait.toMillis());
    Waiter<V> w = new Waiter<>(id, result, done);
    waiting.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(w);
    result.onTimeout(() -> result.setResult(timedOut.get()));
    result.onCompletion(() -> remove(id, w));
    // registered first, then looked for among the unclaimed: the listener records an id there
    // before it looks for waiters, so that one of the two sees the other
    boolean missed;
    synchronized (unclaimed) {
      missed = unclaimed.remove(id) != null || since < 0 || mark.get() != since;
    }
    if (missed) {
      wake(List.of(w));
    }
    return result;
  }

  /**
   * Wakes the waiters of {@code ids}, whose change this instance has just committed; their
   * notification follows and finds them answered, or re-reads them once more.
   */
  protected void settled(Collection<UUID> ids) {
    for (UUID id : ids) {
      wake(waiting.getOrDefault(id, List.of()));
    }
  }

  private void changed(String payload) {
    if (payload == null) { // the listener reconnected: anything may have been missed
      mark.incrementAndGet();
      waiting.values().forEach(this::wake);
      return;
    }
    UUID id;
    try {
      id = UUID.fromString(payload);
    } catch (IllegalArgumentException e) {
      return;
    }
    synchronized (unclaimed) {
      unclaimed.put(id, Boolean.TRUE);
    }
    List<Waiter<V>> ws = waiting.getOrDefault(id, List.of());
    if (!ws.isEmpty()) {
      synchronized (unclaimed) {
        unclaimed.remove(id);
      }
      wake(ws);
    }
  }

  private void wake(List<Waiter<V>> ws) {
    if (ws.isEmpty()) {
      return;
    }
    woken.addAll(ws);
    if (draining.compareAndSet(false, true)) {
      checks.execute(this::drain);
    }
  }

  // one drain at a time: it takes every waiter woken so far, so the notifications that arrive
  // while it reads are answered by the next drain, in one read again
  private void drain() {
    try {
      List<Waiter<V>> batch = new ArrayList<>();
      Set<UUID> ids = new LinkedHashSet<>();
      for (Waiter<V> w; ids.size() < MAX_READ && (w = woken.poll()) != null; ) {
        if (!w.result().isSetOrExpired()) {
          batch.add(w);
          ids.add(w.id());
        }
      }
      if (!ids.isEmpty()) {
        check(batch, ids);
      }
    } finally {
      draining.set(false);
      if (!woken.isEmpty() && draining.compareAndSet(false, true)) {
        checks.execute(this::drain);
      }
    }
  }

  private void check(List<Waiter<V>> batch, Set<UUID> ids) {
    Map<UUID, V> now;
    try {
      now = readAll(ids);
    } catch (RuntimeException e) {
      // a failed read (a busy database, say): the next notification or the timeout answers
      log.info("re-reading {} waited-for changes failed: {}", ids.size(), e.getMessage());
      return;
    }
    for (Waiter<V> w : batch) {
      V v = now.get(w.id());
      if (v == null || w.result().isSetOrExpired()) {
        continue;
      }
      try {
        w.done().apply(v).ifPresent(w.result()::setResult);
      } catch (RuntimeException e) {
        log.info("answering a waiter on {} failed: {}", w.id(), e.getMessage());
      }
    }
  }

  private void remove(UUID id, Waiter<V> w) {
    waiting.computeIfPresent(
        id,
        (k, ws) -> {
          ws.remove(w);
          return ws.isEmpty() ? null : ws;
        });
  }

  @Override
  public void destroy() {
    checks.shutdownNow();
  }
}
