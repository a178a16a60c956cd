package io.tenantfabric.controller.provision;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * {@code ?wait=} without a servlet thread or a pooled connection held: a request waits as a {@link
 * DeferredResult}, woken by the PostgreSQL notification (payload: the id of what changed) that any
 * instance sends on one channel; each wake-up (and a lost listener connection) re-reads the thing
 * waited for once on a small pool, and the timeout answers with it as it is then.
 */
public class NotifiedWaiters implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(NotifiedWaiters.class);

  private record Waiter(
      DeferredResult<ResponseEntity<String>> result,
      Supplier<Optional<ResponseEntity<String>>> done) {}

  private final Map<UUID, List<Waiter>> waiting = new ConcurrentHashMap<>();
  private final ExecutorService checks;

  /** Waiters woken by notifications on {@code channel}; {@code name} names their threads. */
  protected NotifiedWaiters(PgListener listener, String channel, String name) {
    this.checks = Executors.newFixedThreadPool(2, DaemonThreads.named(name));
    listener.subscribe(channel, this::changed);
  }

  /**
   * A response that is {@code done}'s answer as soon as it has one, or {@code timedOut}'s after
   * {@code wait}.
   */
  public DeferredResult<ResponseEntity<String>> await(
      UUID id,
      Duration wait,
      Supplier<Optional<ResponseEntity<String>>> done,
      Supplier<ResponseEntity<String>> timedOut) {
    DeferredResult<ResponseEntity<String>> result = new DeferredResult<>(wait.toMillis());
    Waiter w = new Waiter(result, done);
    waiting.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(w);
    result.onTimeout(() -> result.setResult(timedOut.get()));
    result.onCompletion(() -> remove(id, w));
    checks.execute(() -> check(w)); // it may have finished before this waiter registered
    return result;
  }

  private void changed(String payload) {
    if (payload == null) { // the listener reconnected: anything may have been missed
      waiting.values().forEach(ws -> ws.forEach(w -> checks.execute(() -> check(w))));
      return;
    }
    UUID id;
    try {
      id = UUID.fromString(payload);
    } catch (IllegalArgumentException e) {
      return;
    }
    waiting.getOrDefault(id, List.of()).forEach(w -> checks.execute(() -> check(w)));
  }

  private static void check(Waiter w) {
    if (w.result().isSetOrExpired()) {
      return;
    }
    try {
      w.done().get().ifPresent(w.result()::setResult);
    } catch (RuntimeException e) {
      // a failed read (a busy database, say): the next notification or the timeout answers
      log.info("re-reading a waited-for change failed: {}", e.getMessage());
    }
  }

  private void remove(UUID id, Waiter w) {
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
