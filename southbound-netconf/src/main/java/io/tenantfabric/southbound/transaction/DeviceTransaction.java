package io.tenantfabric.southbound.transaction;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.CliEchoScanner;
import io.tenantfabric.southbound.comware.ComwareCli;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.ComwareQosXml;
import io.tenantfabric.southbound.comware.ComwareXml;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.EditStep;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.protocol.SecureXml;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.EditConfigOptions;
import io.tenantfabric.southbound.session.ErrorOption;
import io.tenantfabric.southbound.session.NetconfSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;

/**
 * One change of one switch to a target DeviceConfig, used once. {@link #prepare} locks, arms the
 * switch's own auto-rollback, edits in dependency order and verifies by read-back; {@link #confirm}
 * makes it permanent and unlocks; {@link #abort} rolls back and unlocks. {@link #apply} does both
 * steps. Comware: lock running, save-point begin/commit, edits, verify, save-point end, save,
 * unlock. RFC 6241: lock running and candidate, edit candidate, validate, confirmed commit with
 * persist id, verify, confirming commit, unlock.
 */
public final class DeviceTransaction {
  private enum State {
    NEW,
    PREPARED,
    CONFIRMED,
    ABORTED
  }

  private final NetconfSession session;
  private final TransactionSettings settings;
  private final TransactionProfile profile;
  private final Set<ComwareFeature> cliFeatures = EnumSet.noneOf(ComwareFeature.class);
  private final List<Datastore> locked = new ArrayList<>();
  private State state = State.NEW;
  private Integer savePoint;
  private boolean savePointOpen;
  private String persistId;
  private List<EditStep> steps = List.of();
  private int lockAttempts;

  public DeviceTransaction(NetconfSession session, TransactionSettings settings) {
    this.session = session;
    this.settings = settings;
    this.profile = TransactionProfile.of(session);
  }

  /** Prepare and confirm; on any failure the switch is rolled back and the failure thrown. */
  public static ApplyResult apply(
      NetconfSession session, DeviceConfig target, TransactionSettings settings) {
    DeviceTransaction tx = new DeviceTransaction(session, settings);
    tx.prepare(target);
    return tx.confirm();
  }

  public TransactionProfile profile() {
    return profile;
  }

  /**
   * The persist-id of the pending RFC 6241 confirmed commit between {@link #prepare} and {@link
   * #confirm}, so that a caller can record it and cancel the commit from another session after a
   * crash; null on Comware (a save-point dies with its session) and outside that window.
   */
  public String persistId() {
    return persistId;
  }

  /**
   * Locks, edits and verifies; the change is live but the switch will undo it by itself unless
   * {@link #confirm} follows within the confirm-timeout (or if this session drops). On failure it
   * aborts before throwing.
   */
  public void prepare(DeviceConfig target) {
    requireState(State.NEW, "prepare");
    if (!target.device().value().equals(session.device())) {
      throw new IllegalArgumentException(
          "config for " + target.device().value() + " sent to " + session.device());
    }
    state = State.PREPARED;
    try {
      if (profile == TransactionProfile.COMWARE) {
        lock(Datastore.RUNNING);
        call("save-point", () -> session.savePointBegin(settings.confirmTimeout()));
        savePointOpen = true;
        savePoint = call("save-point", () -> session.savePointCommit("pre-" + UUID.randomUUID()));
        edit(target, Datastore.RUNNING);
        verify(target, Datastore.RUNNING);
      } else {
        lock(Datastore.RUNNING);
        lock(Datastore.CANDIDATE);
        call("discard", session::discardChanges);
        edit(target, Datastore.CANDIDATE);
        call("validate", () -> session.validate(Datastore.CANDIDATE));
        persistId = UUID.randomUUID().toString();
        call("commit", () -> session.commitConfirmed(settings.confirmTimeout(), persistId));
        verify(target, Datastore.RUNNING);
      }
    } catch (RuntimeException e) {
      abortQuietly(e);
      throw e;
    }
  }

  /**
   * Makes a prepared change permanent (save-point end + save, or confirming commit) and unlocks.
   */
  public ApplyResult confirm() {
    requireState(State.PREPARED, "confirm");
    try {
      if (profile == TransactionProfile.COMWARE) {
        call("confirm", session::savePointEnd);
        savePointOpen = false;
        if (settings.saveToStartup()) {
          call("save", () -> session.save(null));
        }
      } else {
        call("confirm", () -> session.confirmCommit(persistId));
        persistId = null;
      }
      state = State.CONFIRMED;
    } catch (RuntimeException e) {
      abortQuietly(e);
      throw e;
    }
    unlockAll(null);
    return new ApplyResult(session.device(), profile, steps, cliFeatures, lockAttempts);
  }

  /**
   * Undoes a prepared change (save-point rollback, or cancel-commit / discard-changes) and unlocks.
   */
  public void abort() {
    if (state == State.ABORTED || state == State.CONFIRMED) {
      return;
    }
    RuntimeException failure =
        new DeviceTransactionException(session.device(), "abort", "aborted by caller", null);
    abortQuietly(failure);
    if (failure.getSuppressed().length > 0) {
      throw failure;
    }
  }

  private void edit(DeviceConfig target, Datastore datastore) {
    ParseScope scope = ParseScope.of(target);
    RunningConfigReader reader = new RunningConfigReader(session, cliFeatures);
    IfIndexMap ifIndexes = resolve(reader, scope);
    DeviceConfig current = call("read", () -> reader.read(datastore, scope, ifIndexes).config());
    steps = EditPlanner.plan(current, target);
    for (EditStep step : steps) {
      send(step, datastore, ifIndexes);
    }
  }

  private void send(EditStep step, Datastore datastore, IfIndexMap ifIndexes) {
    ComwareFeature feature = step.feature();
    if (feature == ComwareFeature.QOS && datastore == Datastore.CANDIDATE) {
      // the CLI writes running; a candidate needs the (guessed, section 3.5) XML tables
      editXml(
          step,
          datastore,
          SecureXml.toString(ComwareQosXml.render((EditStep.SetLossless) step, ifIndexes)));
      return;
    }
    if (feature.xmlKnown() && !cliFeatures.contains(feature)) {
      try {
        editXml(step, datastore, SecureXml.toString(ComwareXml.render(step, ifIndexes)));
        return;
      } catch (DeviceTransactionException e) {
        if (!(e.getCause() instanceof NetconfRpcException rpc)
            || !feature.equals(refusedFeature(rpc))
            || datastore != Datastore.RUNNING) {
          throw e;
        }
        cliFeatures.add(feature); // comware-netconf.md 0.3: this release has no XML for it
      }
    }
    List<String> lines = ComwareCli.render(step);
    String echo = call("edit " + step.describe(), () -> session.cliConfiguration(lines));
    try {
      CliEchoScanner.requireClean(session.device(), lines, echo);
    } catch (NetconfException e) {
      throw new DeviceTransactionException(session.device(), "edit", step.describe(), e);
    }
  }

  private static ComwareFeature refusedFeature(NetconfRpcException e) {
    List<String> modules = new ArrayList<>();
    for (ComwareFeature f : ComwareFeature.values()) {
      if (f.xmlKnown()) {
        modules.add(f.xmlModule());
      }
    }
    String m = RunningConfigReader.refusedModule(e, modules);
    return m == null ? null : ComwareFeature.ofModule(m).orElse(null);
  }

  private void editXml(EditStep step, Datastore datastore, String xml) {
    call(
        "edit " + step.describe(),
        () ->
            session.editConfig(
                datastore,
                xml,
                EditConfigOptions.defaults().withErrorOption(ErrorOption.STOP_ON_ERROR)));
  }

  private IfIndexMap resolve(RunningConfigReader reader, ParseScope scope) {
    TreeSet<PortName> ports = new TreeSet<>(scope.allPorts());
    return call("resolve", () -> reader.resolve(ports));
  }

  private void verify(DeviceConfig target, Datastore datastore) {
    ParseScope scope = ParseScope.of(target);
    RunningConfigReader reader = new RunningConfigReader(session, cliFeatures);
    // re-resolve: never trust an IfIndex across a change (comware-netconf.md 11.4)
    IfIndexMap ifIndexes = resolve(reader, scope);
    RunningConfigReader.ReadBack back =
        call("verify", () -> reader.read(datastore, scope, ifIndexes));
    List<String> diffs = new ArrayList<>(back.anomalies());
    diffs.addAll(Differences.between(target, back.config()));
    if (!diffs.isEmpty()) {
      throw new VerificationFailedException(session.device(), diffs);
    }
  }

  private void lock(Datastore d) {
    Duration backoff = settings.lockBackoffInitial();
    for (int attempt = 1; ; attempt++) {
      lockAttempts++;
      try {
        session.lock(d);
        locked.add(d);
        return;
      } catch (NetconfRpcException e) {
        if (!e.hasTag("lock-denied")) {
          throw new DeviceTransactionException(
              session.device(), "lock", "lock " + d + " refused", e);
        }
        if (attempt >= settings.lockAttempts()) {
          String holder =
              e.errors().stream()
                  .filter(err -> err.tag().equals("lock-denied"))
                  .flatMap(err -> err.sessionId().stream())
                  .findFirst()
                  .orElse("");
          throw new LockDeniedException(session.device(), holder, attempt, e);
        }
        // bounded exponential back-off between lock attempts (pyhpecw7 lock-per-RPC clients)
        LockSupport.parkNanos(backoff.toNanos());
        Duration doubled = backoff.multipliedBy(2);
        backoff =
            doubled.compareTo(settings.lockBackoffMax()) > 0 ? settings.lockBackoffMax() : doubled;
      }
    }
  }

  private void abortQuietly(RuntimeException failure) {
    state = State.ABORTED;
    try {
      if (profile == TransactionProfile.COMWARE) {
        if (savePointOpen) {
          if (savePoint != null) {
            session.savePointRollback(savePoint);
          }
          session.savePointEnd();
          savePointOpen = false;
        }
      } else if (persistId != null) {
        session.cancelCommit(persistId);
        persistId = null;
      } else if (locked.contains(Datastore.CANDIDATE)) {
        session.discardChanges();
      }
    } catch (RuntimeException rollbackFailure) {
      failure.addSuppressed(rollbackFailure);
    }
    unlockAll(failure);
  }

  private void unlockAll(RuntimeException failure) {
    for (int i = locked.size() - 1; i >= 0; i--) {
      try {
        session.unlock(locked.get(i));
      } catch (RuntimeException e) {
        if (failure != null) {
          failure.addSuppressed(e);
        } else {
          throw new DeviceTransactionException(
              session.device(), "unlock", "unlock " + locked.get(i) + " failed", e);
        }
      }
    }
    locked.clear();
  }

  private void requireState(State expected, String op) {
    if (state != expected) {
      throw new IllegalStateException(
          op + " needs a " + expected + " transaction, this one is " + state);
    }
  }

  private <T> T call(String phase, java.util.function.Supplier<T> action) {
    try {
      return action.get();
    } catch (DeviceTransactionException e) {
      throw e;
    } catch (NetconfException e) {
      throw new DeviceTransactionException(session.device(), phase, "device refused", e);
    }
  }

  private void call(String phase, Runnable action) {
    call(
        phase,
        () -> {
          action.run();
          return null;
        });
  }
}
