package io.tenantfabric.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * Leases one GPU to each of {@code count} new tenants the way a portal bulk-onboarding them would:
 * {@code clients} concurrent HTTP clients each create a tenant and request its allocation (no
 * {@code ?wait=}: the portal does not hold a connection per tenant), then every allocation is read
 * until it is ACTIVE. The time is from the first request to the last allocation ACTIVE.
 */
final class Bringup {
  private Bringup() {}

  record Result(int tenants, Duration requested, Duration elapsed, List<Lease> leases) {
    double perSecond() {
      return tenants / (elapsed.toMillis() / 1000.0);
    }
  }

  /** A tenant's allocation: where to read it, and the GPU it holds. */
  record Lease(String tenant, String id, String gpu) {}

  static Result oneGpuTenants(Api api, String prefix, int count, int clients, Duration deadline)
      throws Exception {
    long start = System.nanoTime();
    ConcurrentLinkedQueue<Lease> leases = new ConcurrentLinkedQueue<>();
    AtomicInteger next = new AtomicInteger();
    parallel(
        clients,
        () -> {
          for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
            leases.add(request(api, String.format("%s%05d", prefix, i)));
          }
        });
    Duration requested = Duration.ofNanos(System.nanoTime() - start);
    long end = start + deadline.toNanos();
    List<Lease> all = new ArrayList<>(leases);
    AtomicInteger cursor = new AtomicInteger();
    parallel(
        clients,
        () -> {
          for (int i = cursor.getAndIncrement(); i < all.size(); i = cursor.getAndIncrement()) {
            awaitActive(api, all.get(i), end);
          }
        });
    return new Result(count, requested, Duration.ofNanos(System.nanoTime() - start), all);
  }

  private interface Work {
    void run() throws Exception;
  }

  private static void parallel(int clients, Work work) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<Void>> workers = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        workers.add(
            pool.submit(
                () -> {
                  work.run();
                  return null;
                }));
      }
      for (Future<Void> w : workers) {
        w.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Lease request(Api api, String tenant) throws IOException, InterruptedException {
    Leases.createTenant(api, tenant, 1);
    Api.Response a = api.post("/api/v1/tenants/" + tenant + "/allocations", Map.of("gpus", 1));
    if (a.status() != 202 && a.status() != 200) {
      throw new IOException("allocate for " + tenant + " -> " + a);
    }
    JsonNode allocation = a.json();
    return new Lease(
        tenant,
        allocation.get("id").asString(),
        allocation.get("gpus").get(0).get("id").asString());
  }

  private static void awaitActive(Api api, Lease lease, long endNanos)
      throws IOException, InterruptedException {
    String path = "/api/v1/tenants/" + lease.tenant() + "/allocations/" + lease.id();
    while (true) {
      JsonNode allocation = api.get(path).json();
      String status = allocation.get("status").asString();
      if ("ACTIVE".equals(status)) {
        return;
      }
      if (!"PROVISIONING".equals(status)) {
        throw new IOException("allocation of " + lease.tenant() + " ended " + allocation);
      }
      if (System.nanoTime() > endNanos) {
        throw new IOException("allocation of " + lease.tenant() + " not ACTIVE in time");
      }
      Thread.sleep(250); // reading one allocation has no ?wait=
    }
  }
}
