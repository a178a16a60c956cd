package io.tenantfabric.controller.isolation;

import io.tenantfabric.controller.concurrent.DaemonLoop;
import io.tenantfabric.controller.notify.LeadershipChanged;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.controller.notify.SwitchesProvisioned;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.isolation.IsolationAuditRow;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The leader's audit thread: runs requested audits (any instance records them and notifies), and,
 * coalesced, an audit of the switches the batches changed since the last one (never in the path to
 * ACTIVE: the provisioner only hands over their names), at most once per {@code
 * fabric.isolation.after-batch-interval}. At taking the lead it marks audits a stopped leader left
 * RUNNING as FAILED. Standby instances run nothing.
 */
@Component
class IsolationAuditor implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(IsolationAuditor.class);
  private static final Duration SWEEP = Duration.ofSeconds(5);

  private final IsolationAuditStore audits;
  private final RunIsolationAudit runner;
  private final Transactions tx;
  private final Clock clock;
  private final boolean afterBatch;
  private final Duration afterBatchInterval;
  private Instant nextBatchAudit = Instant.MIN;
  private final Object monitor = new Object();
  private final TreeSet<String> touched = new TreeSet<>();
  private final DaemonLoop worker = new DaemonLoop("isolation-auditor", this::loop);
  private boolean poked;
  private volatile boolean leading;
  private boolean tookLead;
  private volatile boolean running;

  IsolationAuditor(
      IsolationAuditStore audits,
      RunIsolationAudit runner,
      Transactions tx,
      Clock clock,
      IsolationProperties properties,
      PgListener listener) {
    this.audits = audits;
    this.runner = runner;
    this.tx = tx;
    this.clock = clock;
    this.afterBatch = properties.afterBatch();
    this.afterBatchInterval = properties.afterBatchInterval();
    listener.subscribe(IsolationAuditStore.REQUESTED_CHANNEL, payload -> poke());
  }

  @EventListener
  void leadershipChanged(LeadershipChanged e) {
    synchronized (monitor) {
      leading = e.leading();
      tookLead |= e.leading();
      touched.clear(); // a new leader audits what it changes; the old one's set is moot
      poked = true;
      monitor.notifyAll();
    }
  }

  @EventListener
  void switchesProvisioned(SwitchesProvisioned e) {
    if (!afterBatch) {
      return;
    }
    synchronized (monitor) {
      touched.addAll(e.switches());
      poked = true;
      monitor.notifyAll();
    }
  }

  private void poke() {
    synchronized (monitor) {
      poked = true;
      monitor.notifyAll();
    }
  }

  @Override
  public void start() {
    running = true;
    worker.start();
  }

  @Override
  public void stop() {
    running = false;
    poke();
    worker.stop(Duration.ofSeconds(10));
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return Integer.MIN_VALUE + 300; // after the provisioner; stops before it
  }

  private void loop() {
    while (running) {
      try {
        if (leading) {
          work();
        }
      } catch (RuntimeException e) {
        log.error("isolation audit failed; trying again after the sweep", e);
      }
      await();
    }
  }

  private void work() {
    boolean newLeader;
    List<String> batch;
    synchronized (monitor) {
      newLeader = tookLead;
      tookLead = false;
      Instant now = clock.instant();
      if (!touched.isEmpty() && !now.isBefore(nextBatchAudit)) {
        batch = new ArrayList<>(touched);
        touched.clear();
        nextBatchAudit = now.plus(afterBatchInterval);
      } else {
        batch = List.of();
      }
    }
    if (newLeader) {
      int failed =
          tx.write(
              () ->
                  audits.failInterrupted(
                      "interrupted: the instance running it stopped", clock.instant()));
      if (failed > 0) {
        log.warn("{} isolation audit(s) left running by a stopped leader marked FAILED", failed);
      }
    }
    if (!batch.isEmpty()) {
      tx.write(
          () -> {
            audits.request(UUID.randomUUID(), "BATCH", batch, clock.instant());
            return null;
          });
    }
    while (leading && running) {
      Optional<IsolationAuditRow> next = tx.write(() -> audits.claimNext(clock.instant()));
      if (next.isEmpty()) {
        return;
      }
      IsolationAuditRow run = next.get();
      try {
        runner.run(run, () -> leading);
      } catch (RuntimeException e) {
        log.error("isolation audit {} failed", run.id(), e);
        tx.write(
            () -> {
              audits.fail(run.id(), "the audit failed: " + e.getMessage(), clock.instant());
              return null;
            });
      }
    }
  }

  private void await() {
    synchronized (monitor) {
      if (poked) {
        poked = false;
        return;
      }
      long waitMillis = SWEEP.toMillis();
      if (!touched.isEmpty()) { // a batch audit is due when its interval has passed
        long due = Duration.between(clock.instant(), nextBatchAudit).toMillis();
        waitMillis = Math.max(1, Math.min(waitMillis, due));
      }
      try {
        monitor.wait(waitMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        running = false;
      }
      poked = false;
    }
  }
}
