package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.BatchLog;
import io.tenantfabric.db.provisioning.BatchSwitch;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.transaction.DeviceKnowledge;
import io.tenantfabric.southbound.transaction.TransactionSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One network-wide two-phase transaction: take every switch's session (a switch that cannot be
 * reached stays out, failed, and the rest goes on), record the batch (switches, generations, the
 * RFC 6241 persist-ids to come), begin every switch in parallel (lock, arm its rollback) and
 * prepare it, or, when the devices are slow and intent arrived since the load, let every switch be
 * held first and take that intent in before any prepares ({@link LateIntent}); if any begin or
 * prepare fails, roll back every held one; else mark the batch confirming and confirm every switch
 * in parallel. Every switch of a batch is in flight at once (up to {@code
 * fabric.provisioning.parallelism}, 512 by default): a Comware save-point rolls back when its
 * session idles longer than its confirm-timeout, and a switch prepared early idles until the last
 * one is prepared, so preparing in waves of a few switches made a 320-leaf change outlast the
 * timeout and roll back. A switch left prepared by a crash rolls back by itself (save-point idle
 * timeout, confirmed-commit timeout), and the recorded batch lets the next start cancel what is
 * still pending.
 */
@Component
class BatchRunner {

  private static final Logger log = LoggerFactory.getLogger(BatchRunner.class);

  /**
   * Intent that arrived while the switches were being locked is taken in only when the first of
   * them took at least this long to be held: below it the devices answer faster than the controller
   * loads and compiles a snapshot (tens of milliseconds), and the next batch follows at once
   * anyway. The same bound as the gather after a batch ({@link BatchGather#MIN_MILLIS}).
   */
  static final long LATE_INTENT_MIN_NANOS = BatchGather.MIN_MILLIS * 1_000_000;

  private final SessionPool pool;
  private final BatchLog batches;
  private final Transactions tx;
  private final Clock clock;
  private final TransactionSettings settings;
  private final int parallelism;
  private final SwitchFanOut fanOut;
  // what each switch's transactions learned (the features its release takes only by CLI), so that
  // the next one does not meet the same refusal in its pipelined edits: for the process's life
  private final Map<String, DeviceKnowledge> knowledge = new ConcurrentHashMap<>();

  BatchRunner(
      SessionPool pool,
      BatchLog batches,
      Transactions tx,
      Clock clock,
      ProvisioningProperties properties,
      SwitchFanOut fanOut) {
    this.pool = pool;
    this.batches = batches;
    this.tx = tx;
    this.clock = clock;
    // fail fast on a held lock: the provisioner's own back-off retries the switch, so that one
    // locked switch does not hold the whole batch for seconds
    this.settings =
        new TransactionSettings(
            properties.confirmTimeout(),
            3,
            Duration.ofMillis(20),
            Duration.ofMillis(100),
            false); // <save> is coalesced off the latency path (Saver)
    this.parallelism = properties.parallelism();
    this.fanOut = fanOut;
  }

  private DeviceKnowledge knowledgeOf(SwitchTarget t) {
    return knowledge.computeIfAbsent(t.name(), name -> new DeviceKnowledge());
  }

  /**
   * Runs one batch; {@code stillLeader} is asked before the batch is recorded, right after (before
   * any switch is locked), before the prepares and before the confirms: when it says no, prepared
   * switches are rolled back and the result is {@link BatchResult#fenced()} (another instance may
   * run the provisioner now). {@code late} is asked, once every switch is held, for the intent
   * recorded since the targets were loaded.
   */
  BatchResult run(
      List<SwitchTarget> targets,
      BooleanSupplier stillLeader,
      BatchPhases phases,
      LateIntent late) {
    List<SwitchChange> all = new ArrayList<>();
    for (SwitchTarget t : targets) {
      all.add(new SwitchChange(t, pool, settings, knowledgeOf(t)));
    }
    // an unreachable switch stays out of the batch: the rest of the fabric goes on without it
    List<SwitchFailure> failures = new ArrayList<>();
    List<SwitchChange> changes = succeeded(all, onEach(all, SwitchChange::connect), failures);
    phases.lap("connect");
    if (changes.isEmpty()) {
      return new BatchResult(null, List.of(), failures, List.of());
    }
    // recorded before anything is prepared: a crash in any phase leaves what a restart needs to
    // cancel (the RFC 6241 persist-ids) and to re-read
    List<BatchSwitch> recorded = recorded(changes);
    if (!stillLeader.getAsBoolean()) {
      release(changes);
      return BatchResult.fencedOff();
    }
    if (changes.size() > parallelism) {
      // prepared in waves: the first wave's save-points idle while the rest prepare, and a
      // switch rolls back by itself once that idle outlasts confirm-timeout
      log.warn(
          "a batch of {} switches is wider than fabric.provisioning.parallelism ({}): it prepares"
              + " in waves, and a switch prepared early rolls back by itself if the later waves"
              + " take longer than fabric.provisioning.confirm-timeout",
          changes.size(),
          parallelism);
    }
    long batchId = tx.write(() -> batches.openBatch(recorded, clock.instant()));
    phases.lap("open");
    // asked again once the record is committed, before any switch is locked: a "yes" now means a
    // new leader takes over only after it and so finds the record (its recovery waits the grace);
    // a "no" may mean one already recovered without it, so this instance closes it itself
    if (!stillLeader.getAsBoolean()) {
      release(changes);
      closeAborted(batchId);
      return BatchResult.fencedOff();
    }
    // every switch begins (lock, arm its rollback); the first one held decides whether they all
    // wait for each other to take in late intent, or each goes straight on to its prepare
    FirstHeld first = new FirstHeld(late, System.nanoTime());
    List<SwitchChange> passed =
        succeeded(changes, onEach(changes, c -> beginThenPrepare(c, first)), failures);
    List<SwitchChange> ready;
    if (first.waits()) {
      phases.lap("begin");
      if (passed.size() < changes.size()) { // a begin failed: let every held switch go
        return abandon(batchId, passed, failures);
      }
      // late intent takes new switch locks: never once another instance may lead (the watchdog
      // cut this instance's sessions, and a joiner's fresh one would hold its switch against it)
      if (!stillLeader.getAsBoolean()) {
        return fencedOff(passed);
      }
      List<SwitchChange> batch = takeIn(batchId, changes, late, failures, phases);
      if (!stillLeader.getAsBoolean()) { // fenced while joining: let every held switch go now
        return fencedOff(batch);
      }
      ready = succeeded(batch, onEach(batch, SwitchChange::prepare), failures);
      phases.lap("prepare");
      if (ready.size() < batch.size()) { // a prepare failed: roll back every prepared switch
        return abandon(batchId, ready, failures);
      }
    } else {
      phases.lap("prepare");
      if (passed.size() < changes.size()) { // a begin or prepare failed: roll back the others
        return abandon(batchId, passed, failures);
      }
      ready = passed;
    }
    if (!stillLeader.getAsBoolean()) { // fenced between prepare and confirm: undo, leave the row
      return fencedOff(ready);
    }
    tx.write(
        () -> {
          batches.markConfirming(batchId);
          return null;
        });
    phases.lap("mark-confirming");
    List<SwitchChange> done = succeeded(ready, onEach(ready, SwitchChange::confirm), failures);
    phases.lap("confirm");
    return new BatchResult(batchId, done, failures, List.of());
  }

  /**
   * Takes in the intent recorded while the batch's switches were being locked (two or three round
   * trips at the device's pace): newer targets of its own switches replace theirs, and the other
   * pending switches join it (connected and begun now, up to {@code parallelism} in all; one that
   * cannot be reached or locked stays out, failed, as at the start). All of it is recorded before
   * anything is edited. Without it, the changes that arrive a moment after a batch was loaded would
   * wait a whole batch, which on slow devices is seconds. The late intent is an addition: when
   * reading or recording it fails, the batch goes on with what it has.
   *
   * @return the batch's switches, joiners last
   */
  private List<SwitchChange> takeIn(
      long batchId,
      List<SwitchChange> changes,
      LateIntent late,
      List<SwitchFailure> failures,
      BatchPhases phases) {
    Map<String, SwitchChange> byName = new LinkedHashMap<>();
    changes.forEach(c -> byName.put(c.target().name(), c));
    List<SwitchTarget> newer = new ArrayList<>();
    List<SwitchTarget> joining = new ArrayList<>();
    try {
      for (SwitchTarget t : late.targets(byName.keySet())) {
        SwitchChange own = byName.get(t.name());
        if (own == null) {
          joining.add(t);
        } else if (t.generation() > own.target().generation()) {
          newer.add(t);
        }
      }
    } catch (RuntimeException e) {
      log.warn("batch {} goes on without the intent that arrived since its load: {}", batchId, e);
      return changes;
    }
    joining.sort(Comparator.comparing(SwitchTarget::name));
    if (changes.size() + joining.size() > parallelism) {
      joining = joining.subList(0, Math.max(0, parallelism - changes.size()));
    }
    phases.lap("relatch");
    List<SwitchChange> joined = List.of();
    if (!joining.isEmpty()) {
      late.hold(joining.stream().map(SwitchTarget::name).toList());
      List<SwitchChange> candidates = new ArrayList<>();
      joining.forEach(t -> candidates.add(new SwitchChange(t, pool, settings, knowledgeOf(t))));
      List<SwitchChange> connected =
          succeeded(candidates, onEach(candidates, SwitchChange::connect), failures);
      joined = succeeded(connected, onEach(connected, SwitchChange::begin), failures);
      phases.lap("join");
    }
    List<SwitchChange> joiners = joined;
    try {
      tx.write(
          () -> {
            batches.retarget(
                batchId,
                newer.stream()
                    .map(
                        t ->
                            new BatchSwitch(
                                t.name(), t.generation(), byName.get(t.name()).persistIdBase()))
                    .toList());
            batches.join(batchId, recorded(joiners));
            return null;
          });
    } catch (RuntimeException e) {
      log.warn("batch {} goes on without the intent that arrived since its load: {}", batchId, e);
      joiners.forEach(SwitchChange::abort);
      return changes;
    }
    newer.forEach(t -> byName.get(t.name()).retarget(t));
    log.debug(
        "batch {} took in the intent recorded while its {} switches were being locked: {} to a"
            + " newer generation, {} more joined",
        batchId,
        changes.size(),
        newer.size(),
        joiners.size());
    List<SwitchChange> all = new ArrayList<>(changes);
    all.addAll(joiners);
    return all;
  }

  /**
   * Begins {@code c}, then prepares it at once unless the batch waits to take in late intent (see
   * {@link FirstHeld}); empty when it got as far as it should.
   */
  private static Optional<SwitchFailure> beginThenPrepare(SwitchChange c, FirstHeld first) {
    Optional<SwitchFailure> failed = c.begin();
    if (failed.isPresent() || first.decide()) {
      return failed;
    }
    return c.prepare();
  }

  /**
   * Whether a batch's switches wait for each other after their begin to take in late intent,
   * decided once, by the first switch held: only when that fastest begin took at least {@link
   * #LATE_INTENT_MIN_NANOS} (the devices are slow enough for it to pay) and some intent has been
   * recorded since the load. Otherwise no switch waits for the slowest begin: with 320 leaves that
   * wait is the spread of their begins, for nothing to take in.
   */
  private static final class FirstHeld {
    private final LateIntent late;
    private final long startedNanos;
    private final AtomicReference<Boolean> waits = new AtomicReference<>();

    FirstHeld(LateIntent late, long startedNanos) {
      this.late = late;
      this.startedNanos = startedNanos;
    }

    boolean decide() {
      return waits.updateAndGet(
          w ->
              w != null
                  ? w
                  : System.nanoTime() - startedNanos >= LATE_INTENT_MIN_NANOS && late.arrived());
    }

    boolean waits() {
      return Boolean.TRUE.equals(waits.get());
    }
  }

  private static List<BatchSwitch> recorded(List<SwitchChange> changes) {
    return changes.stream()
        .map(c -> new BatchSwitch(c.target().name(), c.target().generation(), c.persistIdBase()))
        .toList();
  }

  /**
   * Rolls back and lets go every switch in {@code held}; the batch row stays for the next leader.
   */
  private BatchResult fencedOff(List<SwitchChange> held) {
    onEach(
        held,
        c -> {
          c.abort();
          return Optional.empty();
        });
    return BatchResult.fencedOff();
  }

  /** Rolls back and lets go every switch in {@code held}; the batch is closed as aborted. */
  private BatchResult abandon(long batchId, List<SwitchChange> held, List<SwitchFailure> failures) {
    onEach(
        held,
        c -> {
          c.abort();
          return Optional.empty();
        });
    closeAborted(batchId);
    return new BatchResult(
        batchId, List.of(), failures, held.stream().map(c -> c.target().name()).toList());
  }

  private void closeAborted(long batchId) {
    tx.write(
        () -> {
          batches.closeBatch(batchId, "ABORTED", clock.instant());
          return null;
        });
  }

  /** The changes whose step succeeded, in order; the failures are added to {@code failures}. */
  private static List<SwitchChange> succeeded(
      List<SwitchChange> changes,
      List<Optional<SwitchFailure>> outcomes,
      List<SwitchFailure> failures) {
    List<SwitchChange> ok = new ArrayList<>();
    for (int i = 0; i < changes.size(); i++) {
      SwitchChange c = changes.get(i);
      outcomes.get(i).ifPresentOrElse(failures::add, () -> ok.add(c));
    }
    return ok;
  }

  private static void release(List<SwitchChange> connected) {
    connected.forEach(SwitchChange::close);
  }

  private <T> List<T> onEach(List<SwitchChange> changes, Function<SwitchChange, T> step) {
    return fanOut.onEach(changes, step);
  }
}
