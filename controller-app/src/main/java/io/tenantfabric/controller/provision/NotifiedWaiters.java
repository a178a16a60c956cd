package io.tenantfabric.controller.provision;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
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
 * on one thread): a batch that settles 48 allocations sends 48 notifications at once, and re-read
 * one by one on two threads (about 10 ms each under load) the last of the 48 clients heard 250-350
 * ms after the first, and came back with its next change that much later (bench {@code burst}).
 *
 * @param <V> what is waited for, as read
 */
public abstract class NotifiedWaiters<V> implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(NotifiedWaiters.class);

  /** Ids re-read in one {@link #readAll} at most; more wait for the next. */
  static final int MAX_READ = 500;

  private record Waiter<V>(
      UUID id,
      DeferredResult<ResponseEntity<String>> result,
      Function<V, Optional<ResponseEntity<String>>> done) {}

  private final Map<UUID, List<Waiter<V>>> waiting = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<Waiter<V>> woken = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean draining = new AtomicBoolean();
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
   * {@code wait}.
   */
  public DeferredResult<ResponseEntity<String>> await(
      UUID id,
      Duration wait,
      Function<V, Optional<ResponseEntity<String>>> done,
      Supplier<ResponseEntity<String>> timedOut) {
    DeferredResult<ResponseEntity<String>> result = new DeferredResult<>(wait.toMillis());
    Waiter<V> w = new Waiter<>(id, result, done);
    waiting.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(w);
    result.onTimeout(() -> result.setResult(timedOut.get()));
    result.onCompletion(() -> remove(id, w));
    wake(List.of(w)); // it may have finished before this waiter registered
    return result;
  }

  private void changed(String payload) {
    if (payload == null) { // the listener reconnected: anything may have been missed
      waiting.values().forEach(this::wake);
      return;
    }
    UUID id;
    try {
      id = UUID.fromString(payload);
    } catch (IllegalArgumentException e) {
      return;
    }
    wake(waiting.getOrDefault(id, List.of()));
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
