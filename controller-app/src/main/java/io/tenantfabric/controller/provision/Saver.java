package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.SwitchStates;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * {@code <save>} (running to startup, so that a reboot keeps the change) off the latency path:
 * coalesced per switch, and run by the provisioner thread only between its batches, never while a
 * save-point or confirmed commit is open; the switches due are saved at once, in parallel. A switch
 * is saved once the provisioner is idle, or once it has been unsaved for {@code save-delay} while
 * other work keeps coming. {@code unsaved_since} is cleared only by a save that started after the
 * switch's last confirm.
 */
@Component
class Saver {

  private static final Logger log = LoggerFactory.getLogger(Saver.class);

  private final SwitchStates states;
  private final SnapshotReads reads;
  private final SessionPool pool;
  private final SwitchWriters writers;
  private final Transactions tx;
  private final Clock clock;
  private final Duration delay;
  // a switch whose save failed is tried again only after this: never a warning per sweep
  private final Duration retry;
  private final Map<String, Instant> notBefore = new ConcurrentHashMap<>();
  private final SwitchFanOut fanOut;

  Saver(
      SwitchStates states,
      SnapshotReads reads,
      SessionPool pool,
      Transactions tx,
      Clock clock,
      ProvisioningProperties properties,
      SwitchWriters writers,
      SwitchFanOut fanOut) {
    this.writers = writers;
    this.fanOut = fanOut;
    this.states = states;
    this.reads = reads;
    this.pool = pool;
    this.tx = tx;
    this.clock = clock;
    this.delay = properties.saveDelay();
    this.retry = properties.unreachableDeadline();
  }

  /** Saves the switches that are due; {@code idle}: nothing else is pending, save them all. */
  void saveDue(boolean idle) {
    Instant now = clock.instant();
    Map<String, Instant> unsaved = tx.read(states::unsavedSince);
    if (unsaved.isEmpty()) {
      return;
    }
    Map<String, PendingSwitch> managed = new HashMap<>();
    tx.read(reads::managedSwitches).forEach(s -> managed.put(s.name(), s));
    List<PendingSwitch> due = new ArrayList<>();
    for (Map.Entry<String, Instant> e : unsaved.entrySet()) {
      PendingSwitch sw = managed.get(e.getKey());
      if (sw == null
          || (!idle && now.isBefore(e.getValue().plus(delay)))
          || now.isBefore(notBefore.getOrDefault(sw.name(), Instant.MIN))) {
        continue;
      }
      due.add(sw);
    }
    // all at once, as a batch goes: a save writes the switch's flash (seconds on a real switch),
    // and saved one after another the next batch would wait for the sum
    fanOut.onEach(due, this::save);
  }

  private Void save(PendingSwitch sw) {
    return writers.whileHeld(
        sw.name(),
        () -> {
          saveHeld(sw);
          return null;
        });
  }

  private void saveHeld(PendingSwitch sw) {
    Instant started = clock.instant();
    try (NetconfSession session = pool.session(Endpoints.of(sw))) {
      session.save(null);
      tx.write(() -> states.clearUnsaved(sw.name(), started));
      notBefore.remove(sw.name());
    } catch (RuntimeException e) {
      notBefore.put(sw.name(), clock.instant().plus(retry));
      log.warn(
          "save of {} failed, retried in {} s: {}", sw.name(), retry.toSeconds(), e.getMessage());
    }
  }
}
