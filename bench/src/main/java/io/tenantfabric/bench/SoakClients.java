package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/**
 * {@code soak}'s churn: one HTTP client per list of tenants, each looping over its own tenants
 * until stopped: allocate (1 GPU, then 8 GPUs the next time, so every minute holds the same mix) to
 * ACTIVE and release it to RELEASED, both with {@code ?wait=} and a fresh {@code Idempotency-Key},
 * so that the controller keeps one idempotency record per request. Each allocation's time, POST to
 * ACTIVE, goes to the current minute's {@link Latencies}, which {@link #cut()} hands over.
 */
final class SoakClients implements AutoCloseable {
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicReference<Latencies> minute = new AtomicReference<>(new Latencies());
  private final ExecutorService pool;
  private final List<Future<Void>> running = new ArrayList<>();

  private SoakClients(int clients) {
    this.pool = Executors.newFixedThreadPool(clients);
  }

  static SoakClients start(Api api, List<List<String>> tenantsByClient) {
    SoakClients s = new SoakClients(tenantsByClient.size());
    for (List<String> tenants : tenantsByClient) {
      s.running.add(
          s.pool.submit(
              () -> {
                s.churn(api, tenants);
                return null;
              }));
    }
    return s;
  }

  private void churn(Api api, List<String> tenants) throws Exception {
    for (long i = 0; !stop.get(); i++) {
      String tenant = tenants.get((int) (i % tenants.size()));
      int gpus = i % 2 == 0 ? 1 : 8;
      long t0 = System.nanoTime();
      JsonNode a = Leases.allocate(api, tenant, gpus, UUID.randomUUID().toString());
      minute.get().add(System.nanoTime() - t0);
      Leases.release(api, tenant, a.get("id").asString(), UUID.randomUUID().toString());
    }
  }

  /** The latencies of the minute just over; the next minute's start empty. */
  Latencies cut() {
    return minute.getAndSet(new Latencies());
  }

  /** Waits until {@code nanoTime}, failing as soon as a client fails. */
  void runUntil(long nanoTime) throws Exception {
    while (System.nanoTime() < nanoTime) {
      failure();
      Thread.sleep(Math.min(1000, Math.max(1, (nanoTime - System.nanoTime()) / 1_000_000)));
    }
    failure();
  }

  /** Stops the clients after their current round (each releases what it holds) and waits. */
  void stop() throws Exception {
    stop.set(true);
    for (Future<Void> f : running) {
      unwrap(f, true);
    }
  }

  private void failure() throws Exception {
    for (Future<Void> f : running) {
      if (f.isDone()) {
        unwrap(f, false);
      }
    }
  }

  private static void unwrap(Future<Void> f, boolean wait) throws Exception {
    try {
      f.get(wait ? 2 : 0, TimeUnit.MINUTES);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception ex) {
        throw ex;
      }
      throw e;
    }
  }

  @Override
  public void close() {
    stop.set(true);
    pool.shutdownNow();
  }
}
