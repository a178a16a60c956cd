package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.BatchLog;
import io.tenantfabric.db.provisioning.BatchSwitch;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.provisioning.OpenBatch;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.SwitchStates;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.transaction.DeviceTransaction;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * On taking the lead, before the first batch: batches a stopped (or fenced-off) leader left open
 * are finished off. Comware switches rolled an unconfirmed save-point back when the dead process's
 * session dropped; an RFC 6241 switch keeps a persisted confirmed commit until its timeout, so it
 * is cancelled now with the recorded persist-id (a commit that was confirmed already makes that a
 * harmless error). Either way what each switch runs is uncertain: its stored config is marked
 * invalid, so the next batch reads it before diffing, and the generations, which were not raised,
 * say what is still to do.
 */
@Component
class BatchRecovery {

  private static final Logger log = LoggerFactory.getLogger(BatchRecovery.class);

  private final BatchLog batches;
  private final SnapshotReads reads;
  private final IntentGenerations generations;
  private final SwitchStates switches;
  private final SessionPool pool;
  private final Transactions tx;
  private final Clock clock;
  private final Duration grace;

  BatchRecovery(
      BatchLog batches,
      SnapshotReads reads,
      IntentGenerations generations,
      SwitchStates switches,
      SessionPool pool,
      Transactions tx,
      Clock clock,
      ProvisioningProperties properties) {
    this.batches = batches;
    this.reads = reads;
    this.generations = generations;
    this.switches = switches;
    this.pool = pool;
    this.tx = tx;
    this.clock = clock;
    this.grace = properties.takeoverGrace();
  }

  /**
   * Finishes every open batch; returns how many there were. Waits the takeover grace first when
   * there are any: the leader that left them may still run (fenced off, not dead), and its sessions
   * may still hold switch locks until it notices and cuts them.
   */
  int recover() throws InterruptedException {
    List<OpenBatch> open = tx.read(batches::openBatches);
    if (open.isEmpty()) {
      return 0;
    }
    if (!grace.isZero()) {
      log.info(
          "{} batch(es) left open by the previous leader; waiting {} ms for its switch sessions"
              + " to go",
          open.size(),
          grace.toMillis());
      Thread.sleep(grace.toMillis());
    }
    Map<String, PendingSwitch> managed = new HashMap<>();
    tx.read(reads::managedSwitches).forEach(s -> managed.put(s.name(), s));
    for (OpenBatch b : open) {
      for (BatchSwitch s : b.switches()) {
        PendingSwitch sw = managed.get(s.switchName());
        if (s.persistIdBase() != null && sw != null) {
          DeviceTransaction.persistIds(s.persistIdBase()).forEach(id -> cancel(sw, id));
        }
      }
      tx.write(
          () -> {
            generations.lockAgainstIntentChanges();
            b.switches().forEach(s -> switches.invalidateConfig(s.switchName()));
            batches.closeBatch(b.id(), "RECOVERED", clock.instant());
            return null;
          });
      log.warn(
          "recovered batch {} left open by a stopped process: {} switches re-read before their"
              + " next change",
          b.id(),
          b.switches().size());
    }
    return open.size();
  }

  private void cancel(PendingSwitch sw, String persistId) {
    try (NetconfSession session = pool.session(Endpoints.of(sw))) {
      session.cancelCommit(persistId);
      log.warn("cancelled the pending confirmed commit {} on {}", persistId, sw.name());
    } catch (RuntimeException e) {
      // confirmed already, or rolled back by its timeout: nothing pending to cancel
      log.info("no pending commit {} to cancel on {}: {}", persistId, sw.name(), e.getMessage());
    }
  }
}
