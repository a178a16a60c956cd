package io.tenantfabric.southbound.transaction;

import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.device.PortOrder;
import io.tenantfabric.model.drift.DriftDetector;
import io.tenantfabric.model.drift.DriftItem;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.southbound.comware.CliRejectedException;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareDriver;
import io.tenantfabric.southbound.comware.EditGroup;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.EditStep;
import io.tenantfabric.southbound.comware.IfIndexMap;
import io.tenantfabric.southbound.comware.ParseScope;
import io.tenantfabric.southbound.comware.SentEdit;
import io.tenantfabric.southbound.comware.SentRead;
import io.tenantfabric.southbound.comware.UnknownPortException;
import io.tenantfabric.southbound.comware.XmlUnknownException;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;

/**
 * One change of one switch to a target DeviceConfig, used once. {@link #prepare} locks, arms the
 * switch's own auto-rollback, edits in dependency order (planned against the switch's config read
 * under the lock, or against a believed current one) and verifies by read-back ({@link #begin} does
 * its first part, the locking and arming, which needs no target, for a caller that settles the
 * target only once the switch is held); {@link #confirm} makes it permanent and unlocks; {@link
 * #abort} rolls back and unlocks. {@link #apply} does both steps. How the switch is locked, armed,
 * confirmed and rolled back is its {@link CommitProtocol} (Comware save-point or RFC 6241 confirmed
 * commit); what is sent is the Comware driver's, the plan's steps in groups of one kind, one edit
 * RPC per group ({@link EditGroup}).
 */
public final class DeviceTransaction {
  private enum State {
    NEW,
    BEGUN,
    PREPARED,
    CONFIRMED,
    ABORTED
  }

  private final NetconfSession session;
  private final CommitProtocol protocol;
  private final ComwareDriver driver;
  private final DeviceKnowledge knowledge;
  private State state = State.NEW;
  private List<EditStep> steps = List.of();
  private DeviceConfig verified;
  private boolean replanned;

  public DeviceTransaction(NetconfSession session, TransactionSettings settings) {
    this(session, settings, UUID.randomUUID().toString());
  }

  /**
   * A transaction whose RFC 6241 confirmed commits use persist-ids {@code <persistIdBase>-1} (and
   * {@code -2} after a replan), chosen by the caller so that it can record them before anything is
   * committed and cancel them from another session after a crash ({@link #persistIds}).
   */
  public DeviceTransaction(
      NetconfSession session, TransactionSettings settings, String persistIdBase) {
    this(session, settings, persistIdBase, new DeviceKnowledge());
  }

  /**
   * As {@link #DeviceTransaction(NetconfSession, TransactionSettings, String)}, starting from what
   * earlier transactions learned about this switch and adding what this one learns to it.
   */
  public DeviceTransaction(
      NetconfSession session,
      TransactionSettings settings,
      String persistIdBase,
      DeviceKnowledge knowledge) {
    this.session = session;
    this.protocol = CommitProtocol.of(session, settings, persistIdBase);
    this.driver = new ComwareDriver(session, knowledge.cliOnly());
    this.knowledge = knowledge;
  }

  /**
   * Every persist-id the confirmed commits of a transaction with {@code persistIdBase} may use, for
   * a caller that cancels them after a crash.
   */
  public static List<String> persistIds(String persistIdBase) {
    return List.of(persistIdBase + "-1", persistIdBase + "-2");
  }

  /** Prepare and confirm; on any failure the switch is rolled back and the failure thrown. */
  public static ApplyResult apply(
      NetconfSession session, DeviceConfig target, TransactionSettings settings) {
    DeviceTransaction tx = new DeviceTransaction(session, settings);
    tx.prepare(target);
    return tx.confirm();
  }

  public TransactionProfile profile() {
    return protocol.profile();
  }

  /**
   * The persist-id of the pending RFC 6241 confirmed commit between {@link #prepare} and {@link
   * #confirm}, so that a caller can record it and cancel the commit from another session after a
   * crash; null on Comware (a save-point dies with its session) and outside that window.
   */
  public String persistId() {
    return protocol.persistId();
  }

  /**
   * The part of {@link #prepare} that needs no target: locks the switch and arms its own rollback
   * (Comware: lock running, save-point begin; RFC 6241: lock, candidate). A caller may settle the
   * target meanwhile (the provisioner takes in intent that arrived while its switches were being
   * locked, two round trips at the device's pace) and then calls {@link #prepare}, or {@link
   * #abort}. On failure it has unlocked before throwing.
   */
  public void begin() {
    requireState(State.NEW, "begin");
    state = State.BEGUN;
    try {
      protocol.begin();
    } catch (RuntimeException e) {
      abortQuietly(e);
      throw e;
    }
  }

  /**
   * Locks, reads the switch, edits and verifies; the change is live but the switch will undo it by
   * itself unless {@link #confirm} follows within the confirm-timeout (or, on Comware, if this
   * session drops). On failure it aborts before throwing.
   */
  public void prepare(DeviceConfig target) {
    prepare(target, Optional.empty());
  }

  /**
   * As {@link #prepare(DeviceConfig)}, but with a believed current config (the last one verified)
   * the edits are planned against it and the switch is not read first. The read-back still
   * verifies; when it shows the belief was wrong (a difference in a part no planned step wrote, an
   * anomaly, or the switch refused a planned edit), the edits are undone, the switch is read and
   * the change is planned, sent and verified once more, within the same locks and rollback scope. A
   * difference only in parts the steps wrote fails at once: the switch did not take them.
   */
  public void prepare(DeviceConfig target, Optional<DeviceConfig> believedCurrent) {
    if (state != State.BEGUN) {
      requireState(State.NEW, "prepare");
    }
    try {
      requireDevice(target);
      believedCurrent.ifPresent(this::requireDevice);
    } catch (IllegalArgumentException e) {
      if (state == State.BEGUN) {
        abortQuietly(e); // held since begin: let the switch go before refusing
      }
      throw e;
    }
    boolean begun = state == State.BEGUN;
    state = State.PREPARED;
    try {
      if (!begun) {
        protocol.begin();
      }
      ParseScope scope = ParseScope.of(target);
      if (believedCurrent.isPresent()) {
        if (attempt(believedCurrent.get(), target, scope, resolve(scope), true)) {
          return;
        }
        protocol.rewind();
        replanned = true;
      }
      SentRead sent = driver.send(protocol.editTarget(), scope);
      IfIndexMap ifIndexes = ifIndexes(sent);
      attempt(read(sent, "read").config(), target, scope, ifIndexes, false);
    } catch (RuntimeException e) {
      abortQuietly(e);
      throw e;
    }
  }

  /**
   * Plans from {@code current}, sends, arms and verifies; true when verified. When {@code
   * believed}, false means the belief proved wrong and the attempt should be undone and replanned;
   * otherwise a failure is thrown.
   *
   * <p>The edit groups go out one after another without waiting, and behind them, where the
   * rollback was armed before the edits (a save-point), the resolve and read-back that verify them:
   * the switch takes them in order and answers in order, so the change costs one round trip however
   * many groups it has. Nothing rides on a refused edit: a save-point rolls back to its mark
   * whatever the edits behind the refused one did, and a candidate is discarded.
   */
  private boolean attempt(
      DeviceConfig current,
      DeviceConfig target,
      ParseScope scope,
      IfIndexMap ifIndexes,
      boolean believed) {
    steps = EditPlanner.plan(current, target);
    List<EditGroup> groups = EditGroup.of(steps);
    SentRead verify;
    DeviceTransactionException refused;
    while (true) {
      List<SentEdit> edits = new ArrayList<>();
      for (EditGroup group : groups) {
        edits.add(driver.send(group, protocol.editTarget(), ifIndexes));
      }
      verify = protocol.armedBeforeEdits() ? verifyRead(current, scope, believed) : null;
      refused = firstRefusal(edits, verify);
      if (refused == null || !(refused.getCause() instanceof XmlUnknownException)) {
        break;
      }
      // this release takes a feature only by CLI (now known): undo the edits, send them again
      protocol.rewind();
    }
    if (refused != null) {
      if (believed && refusedByDevice(refused)) {
        return false; // e.g. a step names an object the belief has and the switch has not
      }
      throw refused;
    }
    protocol.arm();
    // re-resolve: never trust an IfIndex across a change (comware-facts.md 11.4)
    if (verify == null) {
      verify = verifyRead(current, scope, believed);
    }
    ifIndexes(verify);
    ComwareConfigReader.ReadBack back = read(verify, "verify");
    List<DriftItem> differences = DriftDetector.compare(target, back.config());
    if (back.anomalies().isEmpty() && differences.isEmpty()) {
      verified = back.config();
      return true;
    }
    boolean drifted =
        !back.anomalies().isEmpty() || Aspects.differOutside(steps, target, back.config());
    if (believed && drifted) {
      return false;
    }
    List<String> diffs = new ArrayList<>(back.anomalies());
    diffs.addAll(DifferenceLines.of(differences));
    throw new VerificationFailedException(session.device(), diffs);
  }

  /**
   * Sends the read that verifies a change. A change planned on a belief (the config the last
   * transaction verified on this switch, so free of anomalies) that writes no lossless setting and
   * keeps the same ports in scope cannot have changed the switch's lossless QoS: its read leaves
   * the QoS tables out and takes those settings from the belief. They are the bulk of a leaf's
   * read-back (every port's PFC, WRED and trust rows), and drift in them is the reconciler's to
   * find, as drift anywhere the change did not write is (docs/provisioning.md, "The verifying
   * read"). Any other change reads everything.
   */
  private SentRead verifyRead(DeviceConfig current, ParseScope scope, boolean believed) {
    boolean losslessUntouched =
        believed
            && steps.stream().noneMatch(s -> s instanceof EditStep.SetLossless)
            && ParseScope.of(current).allPorts().equals(scope.allPorts());
    if (losslessUntouched) {
      return driver.send(Datastore.RUNNING, scope, losslessOf(current, scope));
    }
    return driver.send(Datastore.RUNNING, scope);
  }

  /** The lossless settings of every port of {@code scope} in {@code config}. */
  private static SortedMap<PortName, PortLossless> losslessOf(
      DeviceConfig config, ParseScope scope) {
    SortedMap<PortName, PortLossless> out = new TreeMap<>(PortOrder.NATURAL);
    for (PortName p : scope.allPorts()) {
      out.put(p, PortLossless.NONE);
    }
    PortLossless each = PortLossless.of(config.lossless());
    for (PortName p : config.losslessPorts()) {
      out.put(p, each);
    }
    return out;
  }

  /**
   * Waits for the edits in the order they were sent; at the first refusal, waits out what was sent
   * behind it and returns the refusal, in the device's own words. Null when every edit was taken.
   */
  private DeviceTransactionException firstRefusal(List<SentEdit> edits, SentRead verify) {
    for (int i = 0; i < edits.size(); i++) {
      SentEdit edit = edits.get(i);
      try {
        edit.await();
      } catch (NetconfException e) {
        for (SentEdit behind : edits.subList(i + 1, edits.size())) {
          behind.awaitQuietly();
        }
        if (verify != null) {
          verify.awaitQuietly();
        }
        return refusal(edit.group(), e);
      }
    }
    return null;
  }

  /**
   * Makes a prepared change permanent (save-point end + save, or confirming commit) and unlocks.
   */
  public ApplyResult confirm() {
    requireState(State.PREPARED, "confirm");
    knowledge.learn(driver.cliFeatures());
    try {
      protocol.confirm();
      state = State.CONFIRMED;
    } catch (RuntimeException e) {
      abortQuietly(e);
      throw e;
    }
    protocol.unlock(null);
    return new ApplyResult(
        session.device(),
        protocol.profile(),
        steps,
        driver.cliFeatures(),
        protocol.lockAttempts(),
        verified,
        replanned);
  }

  /**
   * Undoes a prepared change (save-point rollback, or cancel-commit / discard-changes) and unlocks.
   */
  public void abort() {
    if (state == State.ABORTED || state == State.CONFIRMED) {
      return;
    }
    RuntimeException abortErrors =
        new DeviceTransactionException(session.device(), "abort", "aborted by caller", null);
    abortQuietly(abortErrors);
    if (abortErrors.getSuppressed().length > 0) {
      throw abortErrors;
    }
  }

  private IfIndexMap resolve(ParseScope scope) {
    try {
      return Phase.call(session.device(), "resolve", () -> driver.resolve(scope.allPorts()));
    } catch (UnknownPortException e) {
      throw unknownPort(e);
    }
  }

  private DeviceTransactionException unknownPort(UnknownPortException e) {
    return new DeviceTransactionException(
        session.device(), "resolve", "no interface named " + e.port().value(), e);
  }

  /** The IfIndexes a resolve sent with a read gives (phase resolve). */
  private IfIndexMap ifIndexes(SentRead sent) {
    try {
      return Phase.call(session.device(), "resolve", sent::ifIndexes);
    } catch (UnknownPortException e) {
      throw unknownPort(e);
    }
  }

  /** The read-back of a read sent with its resolve, after {@link #ifIndexes(SentRead)}. */
  private ComwareConfigReader.ReadBack read(SentRead sent, String phase) {
    return Phase.call(session.device(), phase, sent::readBack);
  }

  private static DeviceTransactionException refusal(EditGroup group, NetconfException e) {
    if (e instanceof CliRejectedException) {
      return new DeviceTransactionException(e.device(), "edit", group.describe(), e);
    }
    // the phase is one word of a fixed vocabulary (stored, and bounded, as a switch's last error's
    // phase); what was being sent goes in the message
    return new DeviceTransactionException(
        e.device(), "edit", group.describe() + ": device refused", e);
  }

  private void abortQuietly(RuntimeException failure) {
    state = State.ABORTED;
    knowledge.learn(driver.cliFeatures());
    try {
      protocol.rollback();
    } catch (RuntimeException rollbackFailure) {
      failure.addSuppressed(rollbackFailure);
    }
    protocol.unlock(failure);
  }

  /** A device rejection (its own words), not a lost session or a timeout. */
  private static boolean refusedByDevice(DeviceTransactionException e) {
    return e.getCause() instanceof NetconfRpcException
        || e.getCause() instanceof CliRejectedException;
  }

  private void requireDevice(DeviceConfig config) {
    if (!config.device().value().equals(session.device())) {
      throw new IllegalArgumentException(
          "config for " + config.device().value() + " sent to " + session.device());
    }
  }

  private void requireState(State expected, String op) {
    if (state != expected) {
      throw new IllegalStateException(
          op + " needs a " + expected + " transaction, this one is " + state);
    }
  }
}
