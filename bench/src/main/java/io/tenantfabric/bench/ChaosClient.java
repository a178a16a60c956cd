package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.JsonNode;

/**
 * One portal of a chaos run: until its end it creates and deletes tenants of its own and leases and
 * releases one GPU or a whole server (8) for them, each change through {@link ChaosRequests}, and
 * writes what it was promised into the {@link ChaosLedger}. An allocation is followed until it
 * leaves PROVISIONING, as a portal shows its user, without holding a connection ({@code ?wait=}
 * would hold one per lease).
 */
final class ChaosClient implements Runnable {
  private static final int MAX_TENANTS = 4;
  private static final int QUOTA = 16;
  private static final long FOLLOW_MILLIS = 180_000;

  private final int index;
  private final ChaosRequests requests;
  private final ChaosLedger ledger;
  private final Random random;
  private final long endNanos;
  private final List<String> tenants = new ArrayList<>();
  private final List<ChaosLedger.Lease> active = new ArrayList<>();
  private int made;

  ChaosClient(
      int index, List<ChaosInstance> instances, ChaosLedger ledger, long seed, long endNanos) {
    this.index = index;
    this.ledger = ledger;
    this.random = ChaosSchedule.random(seed, 1 + index);
    this.requests = new ChaosRequests(instances, index % 2, ledger, random);
    this.endNanos = endNanos;
  }

  @Override
  public void run() {
    try {
      while (System.nanoTime() < endNanos) {
        step();
        Thread.sleep(50 + random.nextInt(200));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      ledger.anomaly("client " + index + " stopped: " + e);
    }
  }

  private void step() throws InterruptedException {
    if (tenants.size() < 2) {
      createTenant();
      return;
    }
    int r = random.nextInt(100);
    if (r < 35) {
      allocate(1);
    } else if (r < 50) {
      allocate(8);
    } else if (r < 80) {
      release();
    } else if (r < 90) {
      deleteTenant();
    } else if (tenants.size() < MAX_TENANTS) {
      createTenant();
    } else {
      allocate(1);
    }
  }

  private void createTenant() throws InterruptedException {
    String name = "chaos" + index + "t" + made++;
    Api.Response r =
        requests.change(
            "POST",
            "/api/v1/tenants",
            Map.of("name", name, "displayName", name, "gpuQuota", QUOTA));
    if (r == null) {
      return;
    }
    if (r.status() == 201) {
      ledger.tenantCreated(name);
      tenants.add(name);
    } else {
      unexpected("create tenant " + name, r);
    }
  }

  private void deleteTenant() throws InterruptedException {
    for (String t : List.copyOf(tenants)) {
      if (active.stream().noneMatch(l -> l.tenant.equals(t))) {
        Api.Response r = requests.change("DELETE", "/api/v1/tenants/" + t, null);
        if (r == null) {
          return;
        }
        if (r.status() == 204) {
          ledger.tenantDeleted(t);
          tenants.remove(t);
        } else if (r.status() == 409) {
          // an allocation it does not know of yet (placed by a request that got no answer)
          ledger.refused.incrementAndGet();
        } else {
          unexpected("delete tenant " + t, r);
        }
        return;
      }
    }
  }

  private void allocate(int gpus) throws InterruptedException {
    String tenant = tenants.get(random.nextInt(tenants.size()));
    String path = "/api/v1/tenants/" + tenant + "/allocations";
    Api.Response r = requests.change("POST", path, Map.of("gpus", gpus));
    if (r == null) {
      return;
    }
    if (r.status() == 409) {
      ledger.refused.incrementAndGet(); // quota or capacity: the portal tells its user
      return;
    }
    if (r.status() != 202) {
      unexpected("allocate " + gpus + " for " + tenant, r);
      return;
    }
    ChaosLedger.Lease lease = ledger.placed(tenant, r.json().get("id").asString(), gpus);
    JsonNode a = follow(path + "/" + lease.id, "PROVISIONING");
    if (a != null && "ACTIVE".equals(a.get("status").asString())) {
      lease.seenActive = true;
      lease.activeAtNanos = System.nanoTime();
      active.add(lease);
    }
  }

  private void release() throws InterruptedException {
    if (active.isEmpty()) {
      allocate(1);
      return;
    }
    ChaosLedger.Lease lease = active.remove(random.nextInt(active.size()));
    String path = "/api/v1/tenants/" + lease.tenant + "/allocations/" + lease.id;
    Api.Response r = requests.change("DELETE", path, null);
    if (r == null) {
      active.add(lease); // not promised: it may still be live, so its tenant stays
      return;
    }
    if (r.status() != 202) {
      unexpected("release " + lease.id, r);
      active.add(lease);
      return;
    }
    lease.released = true;
    follow(path, "RELEASING");
  }

  /** Reads the allocation until it is no longer {@code status}; null if it never left it. */
  private JsonNode follow(String path, String status) throws InterruptedException {
    long end = System.nanoTime() + FOLLOW_MILLIS * 1_000_000;
    while (System.nanoTime() < end) {
      Api.Response r = requests.read(path);
      if (r != null && r.status() == 200) {
        JsonNode a = r.json();
        if (!status.equals(a.get("status").asString())) {
          return a;
        }
      }
      Thread.sleep(250);
    }
    return null;
  }

  private void unexpected(String what, Api.Response r) {
    ledger.unexpected.incrementAndGet();
    ledger.anomaly(what + " -> " + r);
  }
}
