package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.concurrent.DaemonLoop;
import io.tenantfabric.controller.notify.AllocationsSettled;
import io.tenantfabric.controller.notify.IntentCommitted;
import io.tenantfabric.controller.notify.LeadershipChanged;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.controller.notify.SwitchesProvisioned;
import io.tenantfabric.controller.observability.FabricMetrics;
import io.tenantfabric.db.lifecycle.CablingCheckStore;
import io.tenantfabric.db.provisioning.AllocationTransition;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.provisioning.ReconcileStore;
import io.tenantfabric.model.compile.IntentConflictException;
import io.tenantfabric.southbound.session.SessionPool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
 * than the deadline fails its waiting allocations while the rest of the fabric goes on. A switch
 * joins batches only once its day-0 configuration was found there ({@link Day0Gate}); one not ready
 * backs off as a failing switch does. Saves run between batches, and so do reconcile runs, cabling
 * checks and fabric operations ({@link BetweenBatches}: they see no change of ours half done). Only
 * the instance holding the provisioning lock ({@link Leadership}) runs this loop; it finishes the
 * batches a stopped leader left open, and stops at once when its lock connection is gone.
 */
@Component
class Provisioner implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(Provisioner.class);

  private final ProvisioningProperties properties;
  private final PendingIntentReader reader;
  private final BatchRunner runner;
  private final BatchOutcomes outcomes;
  private final FailAllocations failures;
  private final Saver saver;
  private final BatchRecovery recovery;
  private final List<BetweenBatches> between;
  private final Day0Gate day0;
  private final Leadership leadership;
  private final SessionPool pool;
  private final SwitchWriters writers;
  private final FabricMetrics metrics;
  private final ApplicationEventPublisher events;
  private final boolean saveWhenIdle;
  private final Clock clock;
  private final SwitchRetries retries;
  private final HeardIntent heard = new HeardIntent();
  private final Gather gather;
  private final DaemonLoop worker = new DaemonLoop("provisioner", this::loop);
  private volatile boolean running;

  Provisioner(
      ProvisioningProperties properties,
      PendingIntentReader reader,
      BatchRunner runner,
      BatchOutcomes outcomes,
      FailAllocations failures,
      Saver saver,
      BatchRecovery recovery,
      List<BetweenBatches> between,
      Day0Gate day0,
      Leadership leadership,
      SessionPool pool,
      SwitchWriters writers,
      FabricMetrics metrics,
      ApplicationEventPublisher events,
      PgListener listener,
      Clock clock) {
    this.properties = properties;
    this.reader = reader;
    this.runner = runner;
    this.outcomes = outcomes;
    this.failures = failures;
    this.saver = saver;
    this.recovery = recovery;
    this.between = List.copyOf(between);
    this.day0 = day0;
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
    this.gather = new Gather(metrics);
    listener.subscribe(IntentGenerations.INTENT_CHANNEL, this::intentChanged);
    listener.subscribe(ReconcileStore.REQUESTED_CHANNEL, payload -> poke());
    listener.subscribe(CablingCheckStore.REQUESTED_CHANNEL, payload -> poke());
    for (BetweenBatches b : this.between) {
      b.wakeChannels().forEach(channel -> listener.subscribe(channel, payload -> poke()));
    }
  }

  // the payload of an allocation's intent change is the number of allocations it recorded and its
  // transaction's id; one this instance committed was heard of at its commit already
  private void intentChanged(String payload) {
    if (heard.first(HeardIntent.noticeIn(payload))) {
      gather.intentArrived(BatchGather.changesIn(payload));
    }
  }

  /**
   * An intent change of this instance, committed: the provisioner starts on it now, not a round
   * trip through PostgreSQL later, and its notification is then known by its transaction id.
   */
  @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
  void intentCommitted(IntentCommitted e) {
    if (heard.first(e.notice())) {
      gather.intentArrived(e.changes());
    }
  }

  /** Wakes the loop now (an intent changed, or a waiter wants a fresh look). */
  void poke() {
    gather.poke();
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
        if (running && !leadership.held()) {
          // the database went away under the cycle (a failover): the lock went with its session,
          // so this is a lost term, not a fault of the provisioner; lead again once it is back
          log.warn("provisioning cut off with the lock's session: {}", e.toString());
        } else if (running) {
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
    boolean asked = false;
    for (BetweenBatches b : between) {
      asked |= b.runDue(name -> retries.eligible(name, now), leadership::held);
    }
    if (asked) {
      log.info("changes requested between batches (drift repairs, operations); provisioning now");
    }
    failOverdue(now);
    admitReady(now);
    BatchPhases phases = new BatchPhases();
    gather.loading(); // what arrives from now on is the next batch's
    Optional<PendingIntent> pending = reader.read(name -> retries.eligible(name, now));
    phases.lap("load");
    if (pending.isEmpty()) {
      idle(phases);
      return true;
    }
    Optional<List<SwitchTarget>> compiled = compile(pending.get(), now);
    if (compiled.isEmpty()) {
      return true;
    }
    List<SwitchTarget> targets = compiled.get();
    phases.lap("compile");
    metrics.batch(targets.size());
    List<String> held = new ArrayList<>(targets.stream().map(SwitchTarget::name).sorted().toList());
    writers.holdAll(held); // readers see a switch before this batch or after its outcome
    phases.lap("writer-locks");
    boolean streaming;
    try {
      BatchResult result = runner.run(targets, leadership::held, phases, lateIntent(held));
      if (result.fenced() || !leadership.held()) {
        return false; // the next leader's recovery finishes what this batch recorded
      }
      streaming = recordOutcome(result);
      phases.lap("outcome");
      retryOrFail(result);
      announceChanged(result);
    } finally {
      writers.releaseAll(held);
    }
    phases.lap("after");
    afterBatch(targets.size(), streaming, phases);
    return true;
  }

  /** Fails the allocations waiting on a switch that could not be changed within the deadline. */
  private void failOverdue(Instant now) {
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
  }

  /**
   * Checks day-0 where a switch with intent to apply needs it first: a switch found ready joins the
   * next batches; one not ready (or not reachable) backs off as a failed switch does, and fails the
   * allocations waiting on it after the deadline.
   */
  private void admitReady(Instant now) {
    Day0Gate.Verdicts v = day0.admit(name -> retries.eligible(name, now), leadership::held);
    for (String name : v.admitted()) {
      if (retries.failuresOf(name, FailureKind.NOT_READY) > 0
          || retries.failuresOf(name, FailureKind.UNREACHABLE) > 0) {
        retries.succeeded(name); // its day-0 is there now; the batch tells the rest
      }
    }
    for (SwitchFailure f : v.keptOut()) {
      retries.failed(f, now, false);
    }
  }

  /** Nothing pending: what is due between batches, and the saves (all of them when so set). */
  private void idle(BatchPhases phases) {
    between.forEach(BetweenBatches::settle);
    long saveStart = System.nanoTime();
    saver.saveDue(saveWhenIdle);
    if (log.isDebugEnabled()) {
      log.debug("idle: load {}, save {} ms", phases, (System.nanoTime() - saveStart) / 1_000_000);
    }
  }

  /**
   * The targets of {@code pending}; empty, and every pending switch backing off, if none compile.
   */
  private Optional<List<SwitchTarget>> compile(PendingIntent pending, Instant now) {
    try {
      return Optional.of(TargetCompiler.compile(pending));
    } catch (IntentConflictException e) {
      // the schema's invariants make this unreachable; never push a config built from it
      log.error("the intent does not compile; nothing pushed: {}", e.getMessage());
      pending
          .pending()
          .forEach(
              s ->
                  retries.failed(
                      new SwitchFailure(s.name(), FailureKind.INTERNAL, "compile", e.getMessage()),
                      now,
                      false));
      return Optional.empty();
    }
  }

  /**
   * The running batch's way to the intent recorded since its load; its switches are {@code held}.
   */
  private LateIntent lateIntent(List<String> held) {
    return new LateIntent() {
      @Override
      public boolean arrived() {
        return gather.intentSinceLoad();
      }

      @Override
      public List<SwitchTarget> targets(Set<String> batch) {
        return lateTargets(batch);
      }

      @Override
      public void hold(List<String> joining) {
        // only this thread holds more than one switch (a reader holds one at a time), so
        // taking these after the batch's own cannot deadlock
        writers.holdAll(joining);
        held.addAll(joining);
      }
    };
  }

  /**
   * The batch's switches are held: the intent recorded since the load is read and compiled for them
   * (what arrived until now goes with this batch, so the gather after it counts from here). Nothing
   * when no intent arrived. The batch's own switches, and every other pending switch not backing
   * off (they join the batch: BatchRunner.takeIn).
   */
  private List<SwitchTarget> lateTargets(Set<String> batch) {
    if (!gather.takeLateIntent()) {
      return List.of();
    }
    Instant now = clock.instant();
    Optional<PendingIntent> pending =
        reader.read(name -> batch.contains(name) || retries.eligible(name, now));
    if (pending.isEmpty()) {
      return List.of();
    }
    try {
      return TargetCompiler.compile(pending.get());
    } catch (IntentConflictException e) {
      log.error(
          "the late intent does not compile; the batch goes on without it: {}", e.getMessage());
      return List.of();
    }
  }

  /**
   * Records the batch's outcome and wakes this instance's waiters of the allocations it settled;
   * returns whether intent is streaming in.
   */
  private boolean recordOutcome(BatchResult result) {
    // before the outcome releases anyone: no client coming back in it
    long arrivedWhileRunning = gather.arrivedSinceLoad();
    List<UUID> settledIds = outcomes.record(result).stream().map(AllocationTransition::id).toList();
    int settled = settledIds.size();
    if (settled > 0) { // committed: their waiters here need not wait for the notification
      events.publishEvent(new AllocationsSettled(settledIds));
    }
    gather.settled(settled);
    return BatchGather.streaming(arrivedWhileRunning, settled);
  }

  /** Per failed switch: fail the allocations it refused, retry at once, or back off. */
  private void retryOrFail(BatchResult result) {
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

  /** Tells the isolation audit which switches the batch changed. */
  private void announceChanged(BatchResult result) {
    List<String> changed = result.confirmed().stream().map(c -> c.target().name()).toList();
    if (!changed.isEmpty()) {
      events.publishEvent(new SwitchesProvisioned(changed));
    }
  }

  /** Starts the gather, then settles and saves within it. */
  private void afterBatch(int switches, boolean streaming, BatchPhases phases) {
    // the gather starts now: saves and settling run within it, not before it
    gather.start(
        streaming
            ? BatchGather.whileStreaming(phases.totalNanos(), properties.gatherMax())
            : BatchGather.after(
                phases.nanosOf("begin", "prepare", "confirm"), properties.gatherMax()),
        streaming);
    between.forEach(BetweenBatches::settle);
    phases.lap("settle");
    saver.saveDue(false);
    phases.lap("save");
    metrics.batchPhases(phases.nanos());
    if (log.isDebugEnabled()) {
      log.debug("batch of {} switches, {}", switches, phases);
    }
  }

  private void await() {
    if (!gather.await(() -> running, this::sweepMillis)) {
      running = false; // interrupted: stopping
    }
  }

  /**
   * How long an idle loop sleeps unless poked: the sweep interval, or until the next retry or
   * scheduled run when that is sooner. Asked under the gather's monitor.
   */
  private long sweepMillis() {
    long waitMillis = properties.sweepInterval().toMillis();
    List<Optional<Instant>> dues = new ArrayList<>();
    dues.add(retries.nextDue());
    between.forEach(b -> dues.add(b.nextScheduled()));
    for (Optional<Instant> due : dues) {
      if (due.isPresent()) {
        waitMillis =
            Math.max(
                1, Math.min(waitMillis, Duration.between(clock.instant(), due.get()).toMillis()));
      }
    }
    return waitMillis;
  }
}
