package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.observability.FabricMetrics;
import io.tenantfabric.db.provisioning.AllocationTransition;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.db.provisioning.ReconcileStore;
import io.tenantfabric.model.compile.IntentConflictException;
import io.tenantfabric.southbound.session.SessionPool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * The provisioning loop, one thread: woken at once by an intent notification (with a periodic sweep
 * as fallback), it takes every managed switch whose desired generation is ahead of what it applied
 * (group commit: all pending intent per switch in one change), compiles their targets from one
 * snapshot, runs one two-phase batch over all of them, records the outcome, and handles failures: a
 * device rejection fails the allocations waiting on that switch; drift is re-read and retried; lock
 * contention, unreachable switches and our own errors back off, and a switch failing for longer
 * than the deadline fails its waiting allocations while the rest of the fabric goes on. Saves run
 * between batches, and so do reconcile runs (the reads see no change of ours half done). Only the
 * instance holding the provisioning lock ({@link Leadership}) runs this loop; it finishes the
 * batches a stopped leader left open, and stops at once when its lock connection is gone.
 */
@Component
class Provisioner implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(Provisioner.class);

  private final ProvisioningProperties properties;
  private final SnapshotLoader loader;
  private final BatchRunner runner;
  private final BatchOutcomes outcomes;
  private final FailAllocations failures;
  private final Saver saver;
  private final BatchRecovery recovery;
  private final Reconciler reconciler;
  private final Leadership leadership;
  private final SessionPool pool;
  private final SwitchWriters writers;
  private final FabricMetrics metrics;
  private final ApplicationEventPublisher events;
  private final boolean saveWhenIdle;
  private final Clock clock;
  private final SwitchRetries retries;
  private final HeardIntent heard = new HeardIntent();
  private final Object monitor = new Object();
  private boolean poked = true;
  // after a slow batch, no next batch before this (System.nanoTime), unless as many changes as the
  // batch settled have come back (not while intent streams in): see BatchGather
  private long gatherUntil = System.nanoTime();
  private boolean gatherEndsWhenBack = true;
  private long settledByLastBatch;
  private long arrivedSinceLoad;
  // some intent (an allocation's or any other) was recorded since the batch was loaded
  private boolean intentSinceLoad;
  // when the last intent notification arrived (System.nanoTime): a stream gather ends when it stops
  private long lastIntentAt = System.nanoTime();
  private final DaemonLoop worker = new DaemonLoop("provisioner", this::loop);
  private volatile boolean running;

  Provisioner(
      ProvisioningProperties properties,
      SnapshotLoader loader,
      BatchRunner runner,
      BatchOutcomes outcomes,
      FailAllocations failures,
      Saver saver,
      BatchRecovery recovery,
      Reconciler reconciler,
      Leadership leadership,
      SessionPool pool,
      SwitchWriters writers,
      FabricMetrics metrics,
      ApplicationEventPublisher events,
      PgListener listener,
      Clock clock) {
    this.properties = properties;
    this.loader = loader;
    this.runner = runner;
    this.outcomes = outcomes;
    this.failures = failures;
    this.saver = saver;
    this.recovery = recovery;
    this.reconciler = reconciler;
    this.leadership = leadership;
    this.pool = pool;
    this.writers = writers;
    this.metrics = metrics;
    this.events = events;
    this.saveWhenIdle = properties.saveWhenIdle();
    this.clock = clock;
    this.retries =
        new SwitchRetries(
            properties.retryInitial(), properties.retryMax(), properties.unreachableDeadline());
    listener.subscribe(ProvisioningStore.INTENT_CHANNEL, this::intentChanged);
    listener.subscribe(ReconcileStore.REQUESTED_CHANNEL, payload -> poke());
  }

  // the payload of an allocation's intent change is the number of allocations it recorded and its
  // transaction's id; one this instance committed was heard of at its commit already
  private void intentChanged(String payload) {
    if (heard.first(HeardIntent.noticeIn(payload))) {
      intentArrived(BatchGather.changesIn(payload));
    }
  }

  /**
   * An intent change of this instance, committed: the provisioner starts on it now, not a round
   * trip through PostgreSQL later, and its notification is then known by its transaction id.
   */
  @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
  void intentCommitted(IntentCommitted e) {
    if (heard.first(e.notice())) {
      intentArrived(e.changes());
    }
  }

  private void intentArrived(long changes) {
    synchronized (monitor) {
      arrivedSinceLoad += changes;
      intentSinceLoad = true;
      lastIntentAt = System.nanoTime();
    }
    poke();
  }

  /** Wakes the loop now (an intent changed, or a waiter wants a fresh look). */
  void poke() {
    synchronized (monitor) {
      poked = true;
      monitor.notifyAll();
    }
  }

  @Override
  public void start() {
    if (!properties.enabled() || running) {
      return;
    }
    running = true;
    worker.start();
  }

  @Override
  public void stop() {
    running = false;
    worker.stop(Duration.ofSeconds(10));
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    return Integer.MIN_VALUE + 200; // after the listener; stops before it
  }

  private void loop() {
    while (running) {
      if (!leadership.acquire()) {
        return; // interrupted: stopping
      }
      leadership.watch(this::leadershipLost);
      boolean announced = false;
      try {
        recovery.recover();
        events.publishEvent(new LeadershipChanged(true));
        announced = true;
        while (running && leadership.held()) {
          if (!cycle()) {
            break; // fenced: another instance may lead now
          }
          await();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        running = false;
      } catch (RuntimeException e) {
        if (running) {
          log.error("provisioning failed; trying again as leader after the sweep interval", e);
          await();
        }
      } finally {
        if (announced) {
          events.publishEvent(new LeadershipChanged(false));
        }
        leadership.release();
      }
      if (running) {
        // another instance may lead from now on: it must find no save-point or lock of ours on
        // any switch. Cut here, on this thread, before the next acquire(): the watchdog's own
        // cut belongs to the term that just ended and can no longer reach the next one's sessions
        log.warn("no longer the provisioning leader; cutting this instance's switch sessions");
        pool.evictAll();
      }
    }
  }

  // the watchdog's thread: switches roll back what this instance left prepared and release its
  // locks, so that the new leader is not refused by them; the batch in flight fails and is dropped
  private void leadershipLost() {
    log.warn("lost the provisioning lock; cutting this instance's switch sessions");
    pool.evictAll();
    poke();
  }

  /** One round of work; false when the batch was abandoned because the lock was lost. */
  private boolean cycle() {
    Instant now = clock.instant();
    if (reconciler.runDue(name -> retries.eligible(name, now), leadership::held)) {
      log.info("drift repairs requested; provisioning them now");
    }
    for (SwitchFailure f : retries.overdue(now)) {
      List<?> failed =
          failures.failWaitingOn(
              f.switchName(),
              "switch "
                  + f.switchName()
                  + " could not be changed for "
                  + properties.unreachableDeadline().toSeconds()
                  + " s ("
                  + f.phase()
                  + "): "
                  + f.message());
      if (!failed.isEmpty()) {
        log.warn("failed {} allocations waiting on {}: {}", failed.size(), f.switchName(), f);
      }
    }
    BatchPhases phases = new BatchPhases();
    boolean streaming = false;
    synchronized (monitor) {
      arrivedSinceLoad = 0; // what arrives from now on is the next batch's
      intentSinceLoad = false;
    }
    Optional<IntentRows> rows = loader.read(name -> retries.eligible(name, now));
    phases.lap("load");
    if (rows.isEmpty()) {
      reconciler.settle();
      long saveStart = System.nanoTime();
      saver.saveDue(saveWhenIdle);
      if (log.isDebugEnabled()) {
        log.debug("idle: load {}, save {} ms", phases, (System.nanoTime() - saveStart) / 1_000_000);
      }
      return true;
    }
    List<SwitchTarget> targets;
    try {
      targets = SnapshotLoader.compile(rows.get());
    } catch (IntentConflictException e) {
      // the schema's invariants make this unreachable; never push a config built from it
      log.error("the intent does not compile; nothing pushed: {}", e.getMessage());
      rows.get()
          .pending()
          .forEach(
              s ->
                  retries.failed(
                      new SwitchFailure(s.name(), FailureKind.INTERNAL, "compile", e.getMessage()),
                      now,
                      false));
      return true;
    }
    phases.lap("compile");
    metrics.batch(targets.size());
    List<String> held = new ArrayList<>(targets.stream().map(SwitchTarget::name).sorted().toList());
    writers.holdAll(held); // readers see a switch before this batch or after its outcome
    phases.lap("writer-locks");
    LateIntent late =
        new LateIntent() {
          @Override
          public boolean arrived() {
            synchronized (monitor) {
              return intentSinceLoad;
            }
          }

          @Override
          public List<SwitchTarget> targets(Set<String> batch) {
            return lateIntent(batch);
          }

          @Override
          public void hold(List<String> joining) {
            // only this thread holds more than one switch (a reader holds one at a time), so
            // taking these after the batch's own cannot deadlock
            writers.holdAll(joining);
            held.addAll(joining);
          }
        };
    try {
      BatchResult result = runner.run(targets, leadership::held, phases, late);
      if (result.fenced() || !leadership.held()) {
        return false; // the next leader's recovery finishes what this batch recorded
      }
      long arrivedWhileRunning;
      synchronized (monitor) { // before the outcome releases anyone: no client coming back in it
        arrivedWhileRunning = arrivedSinceLoad;
      }
      List<UUID> settledIds =
          outcomes.record(result).stream().map(AllocationTransition::id).toList();
      int settled = settledIds.size();
      if (settled > 0) { // committed: their waiters here need not wait for the notification
        events.publishEvent(new AllocationsSettled(settledIds));
      }
      synchronized (monitor) {
        settledByLastBatch = settled;
      }
      streaming = BatchGather.streaming(arrivedWhileRunning, settled);
      phases.lap("outcome");
      afterBatch(result);
      List<String> changed = result.confirmed().stream().map(c -> c.target().name()).toList();
      if (!changed.isEmpty()) {
        events.publishEvent(new SwitchesProvisioned(changed));
      }
    } finally {
      writers.releaseAll(held);
    }
    phases.lap("after");
    // the gather starts now: saves and settling run within it, not before it
    Duration gather =
        streaming
            ? BatchGather.whileStreaming(phases.totalNanos(), properties.gatherMax())
            : BatchGather.after(
                phases.nanosOf("begin", "prepare", "confirm"), properties.gatherMax());
    synchronized (monitor) {
      gatherUntil = System.nanoTime() + gather.toNanos();
      gatherEndsWhenBack = !streaming;
    }
    reconciler.settle();
    phases.lap("settle");
    saver.saveDue(false);
    phases.lap("save");
    metrics.batchPhases(phases.nanos());
    if (log.isDebugEnabled()) {
      log.debug("batch of {} switches, {}", targets.size(), phases);
    }
    return true;
  }

  /**
   * The batch's switches are held: the intent recorded since the load is read and compiled for them
   * (what arrived until now goes with this batch, so the gather after it counts from here). Nothing
   * when no intent arrived. The batch's own switches, and every other pending switch not backing
   * off (they join the batch: BatchRunner.takeIn).
   */
  private List<SwitchTarget> lateIntent(Set<String> batch) {
    synchronized (monitor) {
      if (!intentSinceLoad) {
        return List.of();
      }
      intentSinceLoad = false;
      arrivedSinceLoad = 0;
    }
    Instant now = clock.instant();
    Optional<IntentRows> rows =
        loader.read(name -> batch.contains(name) || retries.eligible(name, now));
    if (rows.isEmpty()) {
      return List.of();
    }
    try {
      return SnapshotLoader.compile(rows.get());
    } catch (IntentConflictException e) {
      log.error(
          "the late intent does not compile; the batch goes on without it: {}", e.getMessage());
      return List.of();
    }
  }

  private void afterBatch(BatchResult result) {
    Instant now = clock.instant();
    result.confirmed().forEach(c -> retries.succeeded(c.target().name()));
    for (SwitchFailure f : result.failures()) {
      boolean retryNow = false;
      if (f.kind() == FailureKind.REJECTED) {
        // the device refused what these allocations need: they fail, the rest goes on at once
        List<?> failed =
            failures.failWaitingOn(
                f.switchName(),
                "switch "
                    + f.switchName()
                    + " rejected the change ("
                    + f.phase()
                    + "): "
                    + f.message());
        retryNow = !failed.isEmpty();
      } else if (f.kind() == FailureKind.DRIFT) {
        // re-read (the stored config is invalid now) and retry once at once, then back off
        retryNow = retries.failuresOf(f.switchName(), FailureKind.DRIFT) == 0;
      } else if (f.kind() == FailureKind.INTERNAL) {
        log.error("provisioning {} failed on our side: {}", f.switchName(), f.message());
      }
      retries.failed(f, now, retryNow);
    }
    if (!result.failures().isEmpty() || !result.rolledBack().isEmpty()) {
      poke(); // switches rolled back for another's sake, and those retried at once, go again
    }
  }

  private void await() {
    synchronized (monitor) {
      try {
        long began = System.nanoTime();
        boolean streamStopped = false;
        while (running) {
          long now = System.nanoTime();
          long left = gatherUntil - now;
          if (gatherEndsWhenBack && arrivedSinceLoad >= settledByLastBatch) {
            break;
          }
          if (!gatherEndsWhenBack) {
            long quietLeft = BatchGather.streamQuietLeft(Math.min(now - began, now - lastIntentAt));
            streamStopped = quietLeft == 0 && left > 0;
            left = Math.min(left, quietLeft);
          }
          if (left <= 0) {
            break;
          }
          // wakes on every poke (notifyAll), so wait out the rest; intent keeps arriving meanwhile
          monitor.wait(Math.max(1, left / 1_000_000));
        }
        gatherUntil = System.nanoTime(); // a gather cut short ends here
        long gathered = gatherUntil - began;
        if (gathered > 1_000_000) { // seen as a phase of its own: where an allocation's time went
          metrics.batchPhases(Map.of("gather", gathered));
          log.debug(
              gatherEndsWhenBack
                  ? "gathered intent for {} ms after a slow batch: {} changes back of {} settled"
                  : "gathered intent for {} ms while intent streams in: {} changes, {} settled{}",
              gathered / 1_000_000,
              arrivedSinceLoad,
              settledByLastBatch,
              streamStopped ? "; the stream stopped" : "");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        running = false;
        return;
      }
      if (poked) {
        poked = false;
        return;
      }
      long waitMillis = properties.sweepInterval().toMillis();
      for (Optional<Instant> due : List.of(retries.nextDue(), reconciler.nextScheduled())) {
        if (due.isPresent()) {
          waitMillis =
              Math.max(
                  1, Math.min(waitMillis, Duration.between(clock.instant(), due.get()).toMillis()));
        }
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
