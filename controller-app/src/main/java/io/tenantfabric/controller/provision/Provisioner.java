package io.tenantfabric.controller.provision;

import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.model.compile.IntentConflictException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The provisioning loop, one thread: woken at once by an intent notification (with a periodic sweep
 * as fallback), it takes every managed switch whose desired generation is ahead of what it applied
 * (group commit: all pending intent per switch in one change), compiles their targets from one
 * snapshot, runs one two-phase batch over all of them, records the outcome, and handles failures: a
 * device rejection fails the allocations waiting on that switch; drift is re-read and retried; lock
 * contention, unreachable switches and our own errors back off, and a switch failing for longer
 * than the deadline fails its waiting allocations while the rest of the fabric goes on. Saves run
 * between batches. At start it finishes batches a stopped process left open.
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
  private final Clock clock;
  private final SwitchRetries retries;
  private final Object monitor = new Object();
  private boolean poked = true;
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
      PgListener listener,
      Clock clock) {
    this.properties = properties;
    this.loader = loader;
    this.runner = runner;
    this.outcomes = outcomes;
    this.failures = failures;
    this.saver = saver;
    this.recovery = recovery;
    this.clock = clock;
    this.retries =
        new SwitchRetries(
            properties.retryInitial(), properties.retryMax(), properties.unreachableDeadline());
    listener.subscribe(ProvisioningStore.INTENT_CHANNEL, payload -> poke());
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
    boolean recovered = false;
    while (running) {
      try {
        if (!recovered) {
          recovery.recover();
          recovered = true;
        }
        cycle();
      } catch (RuntimeException e) {
        if (!running) {
          return;
        }
        log.error("provisioning cycle failed; retried after the sweep interval", e);
      }
      await();
    }
  }

  private void cycle() {
    Instant now = clock.instant();
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
    Optional<IntentRows> rows = loader.read(name -> retries.eligible(name, now));
    if (rows.isEmpty()) {
      saver.saveDue(true);
      return;
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
      return;
    }
    BatchResult result = runner.run(targets);
    outcomes.record(result);
    afterBatch(result);
    saver.saveDue(false);
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
      if (poked) {
        poked = false;
        return;
      }
      long waitMillis = properties.sweepInterval().toMillis();
      Optional<Instant> due = retries.nextDue();
      if (due.isPresent()) {
        waitMillis =
            Math.max(
                1, Math.min(waitMillis, Duration.between(clock.instant(), due.get()).toMillis()));
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
