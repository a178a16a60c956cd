package io.tenantfabric.bench;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.UUID;

/**
 * How a portal behind a load balancer sends a change to the two instances: with an {@code
 * Idempotency-Key}, retried with the same key after a {@code 503} (after its {@code Retry-After}),
 * another {@code 5xx}, or no answer at all (then on the other instance, as a balancer would), until
 * {@link #RETRY_MILLIS}. Some first answers are sent again on purpose, as a portal whose answer got
 * lost would, and must come back as they were.
 */
final class ChaosRequests {
  static final long RETRY_MILLIS = 120_000;

  private final List<ChaosInstance> instances;
  private final ChaosLedger ledger;
  private final Random random;
  private int home;

  ChaosRequests(List<ChaosInstance> instances, int home, ChaosLedger ledger, Random r) {
    this.instances = instances;
    this.home = home;
    this.ledger = ledger;
    this.random = r;
  }

  /**
   * The first answer that is not a 5xx, or null when none came in time (the change may or may not
   * have been made: nothing was promised).
   */
  Api.Response change(String method, String path, Object body) throws InterruptedException {
    Map<String, String> key = Map.of("Idempotency-Key", UUID.randomUUID().toString());
    long end = System.nanoTime() + RETRY_MILLIS * 1_000_000;
    int attempts = 0;
    while (System.nanoTime() < end) {
      attempts++;
      Api.Response r = once(method, path, body, key);
      if (r == null) {
        continue;
      }
      if (attempts > 1) {
        ledger.retriedAndAnswered.incrementAndGet();
        if ("true".equals(r.header("Idempotent-Replayed"))) {
          ledger.retriesReplayed.incrementAndGet();
        }
      } else if (r.status() < 300 && random.nextInt(4) == 0) {
        replay(method, path, body, key, r);
      }
      return r;
    }
    ledger.abandoned.incrementAndGet();
    ledger.anomaly(method + " " + path + ": no answer in " + RETRY_MILLIS / 1000 + " s");
    return null;
  }

  /** A read, retried the same way; null when no instance answered in time. */
  Api.Response read(String path) throws InterruptedException {
    long end = System.nanoTime() + RETRY_MILLIS * 1_000_000;
    while (System.nanoTime() < end) {
      Api.Response r = once("GET", path, null, Map.of());
      if (r != null) {
        return r;
      }
    }
    return null;
  }

  /** One attempt: the answer, or null after a pause when it was a 5xx or none came. */
  private Api.Response once(String method, String path, Object body, Map<String, String> headers)
      throws InterruptedException {
    ledger.requests.incrementAndGet();
    Api.Response r;
    try {
      r = instances.get(home).api().send(method, path, body, headers);
    } catch (IOException e) {
      // refused, reset or no answer: the instance is down or dying; the balancer moves on
      ledger.connectionFailures.incrementAndGet();
      home = 1 - home;
      Thread.sleep(200 + random.nextInt(300));
      return null;
    }
    if (r.status() == 503) {
      ledger.unavailable.incrementAndGet();
      Thread.sleep(retryAfterMillis(r));
      return null;
    }
    if (r.status() >= 500) {
      ledger.serverErrors.incrementAndGet();
      ledger.anomaly(method + " " + path + " -> " + r);
      Thread.sleep(1000);
      return null;
    }
    return r;
  }

  private void replay(
      String method, String path, Object body, Map<String, String> key, Api.Response first)
      throws InterruptedException {
    long end = System.nanoTime() + RETRY_MILLIS * 1_000_000;
    Api.Response again = null;
    while (again == null && System.nanoTime() < end) {
      again = once(method, path, body, key);
    }
    if (again == null) {
      return;
    }
    ledger.replays.incrementAndGet();
    boolean same =
        again.status() == first.status()
            && again.body().equals(first.body())
            && Objects.equals(again.header("Location"), first.header("Location"))
            && "true".equals(again.header("Idempotent-Replayed"));
    if (!same) {
      ledger.replayMismatches.incrementAndGet();
      ledger.anomaly("replay of " + method + " " + path + ": first " + first + ", then " + again);
    }
  }

  private long retryAfterMillis(Api.Response r) {
    try {
      return Math.min(5_000, Long.parseLong(r.header("Retry-After").strip()) * 1000);
    } catch (RuntimeException none) {
      return 1000;
    }
  }
}
