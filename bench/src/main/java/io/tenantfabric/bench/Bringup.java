package io.tenantfabric.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import tools.jackson.databind.JsonNode;

/**
 * Leases one GPU to each of {@code count} new tenants the way a portal bulk-onboarding them would:
 * {@code clients} concurrent HTTP clients each create a tenant and request its allocation (no
 * {@code ?wait=}: the portal does not hold a connection per tenant). The time is from the first
 * request to the last allocation ACTIVE, seen as the first {@code GET /api/v1/fabric} after the
 * last request that shows every switch in sync: the outcome that records a switch's applied
 * generation moves the allocations it completes to ACTIVE in the same transaction, so once every
 * request is answered (all intent recorded) every switch in sync is every allocation ACTIVE. Then,
 * untimed, every allocation is read once and must be ACTIVE, which checks that claim on each run.
 */
final class Bringup {
  /** How often the fabric is read for its switches being in sync. */
  static final long POLL_MILLIS = 50;

  private Bringup() {}

  /**
   * {@code elapsed}: first request to every switch seen in sync; {@code cpu}: what each process
   * spent over that time; {@code readBack}: the untimed read of every allocation after it; {@code
   * answered}: when each tenant's allocation request was answered, nanoseconds after the first
   * request, in the order they were answered.
   */
  record Result(
      int tenants,
      Duration requested,
      Duration elapsed,
      CpuShares.Result cpu,
      Duration readBack,
      List<Lease> leases,
      long[] answered) {
    double perSecond() {
      return tenants / (elapsed.toMillis() / 1000.0);
    }

    /**
     * Tenants answered per second while the {@code quarter}-th quarter of them (0 to 3) was: the
     * last against the first shows how much of the bring-up a young controller's JIT costs, since
     * every quarter asks the same work of it.
     */
    double perSecondInQuarter(int quarter) {
      int from = answered.length * quarter / 4;
      int to = answered.length * (quarter + 1) / 4 - 1;
      long since = from == 0 ? 0 : answered[from - 1];
      return (to - from + 1) / ((answered[to] - since) / 1e9);
    }
  }

  /** A tenant's allocation: where to read it, and the GPU it holds. */
  record Lease(String tenant, String id, String gpu) {}

  static Result oneGpuTenants(
      Api api, String prefix, int count, int clients, Duration deadline, CpuShares cpu)
      throws Exception {
    cpu.start();
    long start = System.nanoTime();
    ConcurrentLinkedQueue<Lease> leases = new ConcurrentLinkedQueue<>();
    AtomicInteger next = new AtomicInteger();
    AtomicLongArray answered = new AtomicLongArray(count);
    AtomicInteger answers = new AtomicInteger();
    parallel(
        clients,
        () -> {
          for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
            leases.add(request(api, String.format("%s%05d", prefix, i)));
            answered.set(answers.getAndIncrement(), System.nanoTime() - start);
          }
        });
    Duration requested = Duration.ofNanos(System.nanoTime() - start);
    awaitInSync(api, start + deadline.toNanos());
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    CpuShares.Result spent = cpu.stop();
    List<Lease> all = new ArrayList<>(leases);
    AtomicInteger cursor = new AtomicInteger();
    parallel(
        clients,
        () -> {
          for (int i = cursor.getAndIncrement(); i < all.size(); i = cursor.getAndIncrement()) {
            checkActive(api, all.get(i));
          }
        });
    Duration readBack = Duration.ofNanos(System.nanoTime() - start).minus(elapsed);
    long[] times = new long[count];
    for (int i = 0; i < count; i++) {
      times[i] = answered.get(i);
    }
    // two answers recorded a hair apart may land out of order: the quarters want them sorted
    Arrays.sort(times);
    return new Result(count, requested, elapsed, spent, readBack, all, times);
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

  private static void awaitInSync(Api api, long endNanos) throws IOException, InterruptedException {
    while (!api.allInSync()) {
      if (System.nanoTime() > endNanos) {
        throw new IOException("the fabric was not in sync in time");
      }
      Thread.sleep(POLL_MILLIS); // the figure's resolution: it may end up to this much late
    }
  }

  private static void checkActive(Api api, Lease lease) throws IOException, InterruptedException {
    JsonNode allocation =
        api.get("/api/v1/tenants/" + lease.tenant() + "/allocations/" + lease.id()).json();
    if (!"ACTIVE".equals(allocation.get("status").asString())) {
      throw new IOException(
          "every switch in sync, but the allocation of " + lease.tenant() + " is " + allocation);
    }
  }
}
