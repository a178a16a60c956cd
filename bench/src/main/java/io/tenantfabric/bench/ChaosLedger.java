package io.tenantfabric.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the chaos clients were told, as a portal would keep it: every acknowledged change (a tenant
 * created or deleted, an allocation placed, seen ACTIVE, released) is a promise the final checks
 * hold the product to; and how the requests went (answers by kind, replays and whether each matched
 * the first answer).
 */
final class ChaosLedger {

  /** An allocation a client was answered for, and the furthest state it was shown. */
  static final class Lease {
    final String tenant;
    final String id;
    final int gpus;
    volatile boolean seenActive;
    volatile boolean released;
    volatile long activeAtNanos;

    Lease(String tenant, String id, int gpus) {
      this.tenant = tenant;
      this.id = id;
      this.gpus = gpus;
    }
  }

  final Map<String, Boolean> tenants = new ConcurrentHashMap<>(); // name -> deleted
  final Map<String, Lease> leases = new ConcurrentHashMap<>();
  final AtomicLong requests = new AtomicLong();
  final AtomicLong unavailable = new AtomicLong(); // 503
  final AtomicLong serverErrors = new AtomicLong(); // any other 5xx
  final AtomicLong connectionFailures = new AtomicLong();
  final AtomicLong retriedAndAnswered = new AtomicLong();
  final AtomicLong retriesReplayed = new AtomicLong();
  final AtomicLong replays = new AtomicLong();
  final AtomicLong replayMismatches = new AtomicLong();
  final AtomicLong refused = new AtomicLong(); // 4xx a portal handles (capacity, quota)
  final AtomicLong unexpected = new AtomicLong(); // 4xx no correct product gives these requests
  final AtomicLong abandoned = new AtomicLong(); // no answer within the retry deadline
  final ConcurrentLinkedQueue<String> anomalies = new ConcurrentLinkedQueue<>();

  void tenantCreated(String name) {
    tenants.put(name, false);
  }

  void tenantDeleted(String name) {
    tenants.put(name, true);
  }

  Lease placed(String tenant, String id, int gpus) {
    Lease l = new Lease(tenant, id, gpus);
    leases.put(id, l);
    return l;
  }

  /** Keeps at most a few dozen lines of what went wrong, for the notes. */
  void anomaly(String line) {
    if (anomalies.size() < 40) {
      anomalies.add(line);
    }
  }

  List<String> anomalies() {
    return new ArrayList<>(anomalies);
  }
}
