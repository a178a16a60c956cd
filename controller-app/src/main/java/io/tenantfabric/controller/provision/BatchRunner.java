package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.BatchSwitch;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.transaction.TransactionSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One network-wide two-phase transaction: take every switch's session (a switch that cannot be
 * reached stays out, failed, and the rest goes on), record the batch (switches, generations, the
 * RFC 6241 persist-ids to come), prepare every switch in parallel; if any prepare fails, roll back
 * every prepared one; else mark the batch confirming and confirm every switch in parallel. Every
 * switch of a batch is in flight at once (up to {@code fabric.provisioning.parallelism}, 512 by
 * default): a Comware save-point rolls back when its session idles longer than its confirm-timeout,
 * and a switch prepared early idles until the last one is prepared, so preparing in waves of a few
 * switches made a 320-leaf change outlast the timeout and roll back. A switch left prepared by a
 * crash rolls back by itself (save-point idle timeout, confirmed-commit timeout), and the recorded
 * batch lets the next start cancel what is still pending.
 */
@Component
class BatchRunner {

  private static final Logger log = LoggerFactory.getLogger(BatchRunner.class);

  private final SessionPool pool;
  private final ProvisioningStore store;
  private final Transactions tx;
  private final Clock clock;
  private final TransactionSettings settings;
  private final int parallelism;
  private final SwitchFanOut fanOut;

  BatchRunner(
      SessionPool pool,
      ProvisioningStore store,
      Transactions tx,
      Clock clock,
      ProvisioningProperties properties,
      SwitchFanOut fanOut) {
    this.pool = pool;
    this.store = store;
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

  /**
   * Runs one batch; {@code stillLeader} is asked before the prepares and before the confirms: when
   * it says no, prepared switches are rolled back and the result is {@link BatchResult#fenced()}
   * (another instance may run the provisioner now).
   */
  BatchResult run(List<SwitchTarget> targets, BooleanSupplier stillLeader, BatchPhases phases) {
    List<SwitchChange> all = new ArrayList<>();
    for (SwitchTarget t : targets) {
      all.add(new SwitchChange(t, pool, settings));
    }
    // an unreachable switch stays out of the batch: the rest of the fabric goes on without it
    List<SwitchFailure> failures = new ArrayList<>();
    List<SwitchChange> changes = new ArrayList<>();
    List<Optional<SwitchFailure>> connected = onEach(all, SwitchChange::connect);
    phases.lap("connect");
    for (int i = 0; i < all.size(); i++) {
      SwitchChange c = all.get(i);
      connected.get(i).ifPresentOrElse(failures::add, () -> changes.add(c));
    }
    if (changes.isEmpty()) {
      return new BatchResult(null, List.of(), failures, List.of());
    }
    // recorded before anything is prepared: a crash in any phase leaves what a restart needs to
    // cancel (the RFC 6241 persist-ids) and to re-read
    List<BatchSwitch> recorded =
        changes.stream()
            .map(
                c -> new BatchSwitch(c.target().name(), c.target().generation(), c.persistIdBase()))
            .toList();
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
    long batchId = tx.write(() -> store.openBatch(recorded, clock.instant()));
    phases.lap("open");
    List<Optional<SwitchFailure>> prepared = onEach(changes, SwitchChange::prepare);
    phases.lap("prepare");
    List<SwitchChange> ready = new ArrayList<>();
    for (int i = 0; i < changes.size(); i++) {
      SwitchChange c = changes.get(i);
      prepared.get(i).ifPresentOrElse(failures::add, () -> ready.add(c));
    }
    if (ready.size() < changes.size()) { // a prepare failed: roll back every prepared switch
      onEach(
          ready,
          c -> {
            c.abort();
            return Optional.empty();
          });
      tx.write(
          () -> {
            store.closeBatch(batchId, "ABORTED", clock.instant());
            return null;
          });
      return new BatchResult(
          batchId, List.of(), failures, ready.stream().map(c -> c.target().name()).toList());
    }
    if (!stillLeader.getAsBoolean()) { // fenced between prepare and confirm: undo, leave the row
      onEach(
          ready,
          c -> {
            c.abort();
            return Optional.empty();
          });
      return BatchResult.fencedOff();
    }
    tx.write(
        () -> {
          store.markConfirming(batchId);
          return null;
        });
    phases.lap("mark-confirming");
    List<Optional<SwitchFailure>> confirmed = onEach(ready, SwitchChange::confirm);
    phases.lap("confirm");
    List<SwitchChange> done = new ArrayList<>();
    for (int i = 0; i < ready.size(); i++) {
      SwitchChange c = ready.get(i);
      confirmed.get(i).ifPresentOrElse(failures::add, () -> done.add(c));
    }
    return new BatchResult(batchId, done, failures, List.of());
  }

  private static void release(List<SwitchChange> connected) {
    connected.forEach(SwitchChange::close);
  }

  private <T> List<T> onEach(List<SwitchChange> changes, Function<SwitchChange, T> step) {
    return fanOut.onEach(changes, step);
  }
}
