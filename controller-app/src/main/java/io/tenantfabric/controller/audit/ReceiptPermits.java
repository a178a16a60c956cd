package io.tenantfabric.controller.audit;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.controller.security.Actor;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.springframework.stereotype.Component;

/**
 * How many receipt checks run at once: at most {@code receipt-concurrency} in all, so that checks
 * never take more than that many of the pool's connections, and at most {@code
 * receipt-concurrency-per-caller} for one tenant (whichever of its tokens asks) or, for the other
 * roles, one token. A check over either bound is refused at once, before it takes a connection,
 * with {@code Retry-After}; nothing waits in a queue.
 */
@Component
class ReceiptPermits {

  // a check ends within the receipt timeout; a second is the usual case
  static final Duration RETRY_AFTER = Duration.ofSeconds(1);

  private final Semaphore overall;
  private final int perCaller;
  private final ConcurrentHashMap<String, Integer> running = new ConcurrentHashMap<>();

  ReceiptPermits(AuditProperties properties) {
    this.overall = new Semaphore(properties.receiptConcurrency());
    this.perCaller = properties.receiptConcurrencyPerCaller();
  }

  /** A permit for {@code actor}'s check, to release when it ends, or a 429 refusal. */
  Permit acquire(Actor actor) {
    String caller = actor.tenant().map(t -> "tenant:" + t.id()).orElse("token:" + actor.tokenId());
    boolean[] taken = {false};
    running.compute(
        caller,
        (k, n) -> {
          int now = n == null ? 0 : n;
          if (now >= perCaller) {
            return n;
          }
          taken[0] = true;
          return now + 1;
        });
    if (!taken[0]) {
      throw tooMany("this " + (actor.tenant().isPresent() ? "tenant" : "token"));
    }
    if (!overall.tryAcquire()) {
      release(caller);
      throw tooMany("the service");
    }
    return () -> {
      overall.release();
      release(caller);
    };
  }

  private void release(String caller) {
    running.computeIfPresent(caller, (k, n) -> n <= 1 ? null : n - 1);
  }

  private static Refusal tooMany(String whose) {
    return new Refusal(
            Refusal.Reason.TOO_MANY,
            "Too many receipt checks",
            "As many receipt checks as "
                + whose
                + " may run at once are running; retry after "
                + RETRY_AFTER.toSeconds()
                + " s.")
        .retryAfter(RETRY_AFTER);
  }

  /** A running check's permit, released once when the check ends. */
  @FunctionalInterface
  interface Permit {
    void release();
  }
}
