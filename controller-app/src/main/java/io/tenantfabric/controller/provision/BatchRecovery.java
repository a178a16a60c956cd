package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.BatchSwitch;
import io.tenantfabric.db.provisioning.OpenBatch;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.ProvisioningStore;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import io.tenantfabric.southbound.transaction.DeviceTransaction;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * At start, before the first batch: batches a stopped process left {@code CONFIRMING} are finished
 * off. Comware switches rolled an unconfirmed save-point back when the dead process's session
 * dropped; an RFC 6241 switch keeps a persisted confirmed commit until its timeout, so it is
 * cancelled now with the recorded persist-id (a commit that was confirmed already makes that a
 * harmless error). Either way what each switch runs is uncertain: its stored config is marked
 * invalid, so the next batch reads it before diffing, and the generations, which were not raised,
 * say what is still to do.
 */
@Component
class BatchRecovery {

  private static final Logger log = LoggerFactory.getLogger(BatchRecovery.class);

  private final ProvisioningStore store;
  private final SessionPool pool;
  private final Transactions tx;
  private final Clock clock;

  BatchRecovery(ProvisioningStore store, SessionPool pool, Transactions tx, Clock clock) {
    this.store = store;
    this.pool = pool;
    this.tx = tx;
    this.clock = clock;
  }

  /** Finishes every open batch; returns how many there were. */
  int recover() {
    List<OpenBatch> open = tx.read(store::openBatches);
    if (open.isEmpty()) {
      return 0;
    }
    Map<String, PendingSwitch> managed = new HashMap<>();
    tx.read(store::managedSwitches).forEach(s -> managed.put(s.name(), s));
    for (OpenBatch b : open) {
      for (BatchSwitch s : b.switches()) {
        PendingSwitch sw = managed.get(s.switchName());
        if (s.persistIdBase() != null && sw != null) {
          DeviceTransaction.persistIds(s.persistIdBase()).forEach(id -> cancel(sw, id));
        }
      }
      tx.write(
          () -> {
            b.switches().forEach(s -> store.invalidateConfig(s.switchName()));
            store.closeBatch(b.id(), "RECOVERED", clock.instant());
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
