package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.model.device.AclConfig;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.device.LosslessBaseline;
import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.EditGroup;
import io.tenantfabric.southbound.comware.EditPlanner;
import io.tenantfabric.southbound.comware.EditStep;
import io.tenantfabric.southbound.comware.Fixtures;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfClient;
import io.tenantfabric.southbound.session.NetconfSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What a device transaction guarantees on every switch kind, run over real SSH/NETCONF against each
 * emulator profile: the target is reached and verified, or the switch is left as it was, by the
 * client's rollback or by the switch's own. Each test starts from a scrubbed leaf-01.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DeviceTransactionContract {
  /** How RecordingSession names the edit RPCs: XML edits and CLI configuration blocks. */
  static final List<String> EDITS =
      List.of("editConfig", "cliConfiguration", "send edit-config", "send CLI/Configuration");

  static final String LEAF = "leaf-01";
  static final Duration ROLLBACK_DEADLINE = Duration.ofSeconds(30);

  /** Short enough that an abandoned RFC 6241 confirmed commit times out while we poll. */
  static final TransactionSettings SHORT_TIMEOUT =
      TransactionSettings.defaults().withConfirmTimeout(Duration.ofSeconds(2));

  static final TransactionSettings THREE_LOCK_TRIES =
      TransactionSettings.defaults()
          .withLockRetries(3, Duration.ofMillis(10), Duration.ofMillis(40));

  EmulatorHarness emu;
  EmulatedDevice leaf;
  String before;

  abstract Profile profile();

  abstract TransactionProfile expectedProfile();

  /** The phase a refused commit fails in: the save-point end, or the confirmed commit. */
  abstract String commitPhase();

  @BeforeAll
  void startEmulator() {
    emu = new EmulatorHarness(profile());
    leaf = emu.fabric.device(LEAF);
  }

  @AfterAll
  void stopEmulator() {
    emu.close();
  }

  @BeforeEach
  void scrubbedLeaf() {
    leaf.clearFaults();
    apply(Fixtures.emptyLeaf());
    before = leaf.runningXml();
  }

  @Test
  void targetIsAppliedVerifiedAndReadBackEqualThenTornDown() {
    DeviceConfig target = Fixtures.leafWithTenants(32);
    ApplyResult r = apply(target);
    assertThat(r.profile()).isEqualTo(expectedProfile());
    assertThat(r.cliFeatures()).as("no CLI fallback needed").isEmpty();
    assertThat(r.verified()).isEqualTo(target);
    assertThat(r.replanned()).isFalse();
    assertRunning(target);
    assertThat(leaf.runningXml()).contains("t-tenant-32").contains("<VxlanID>10032</VxlanID>");

    // and back: the teardown order passes the switch's reference checks
    apply(Fixtures.emptyLeaf());
    assertRunning(Fixtures.emptyLeaf());
    assertThat(leaf.runningXml()).doesNotContain("t-tenant-");
  }

  @Test
  void switchAlreadyAtTheTargetGetsNoEdit() {
    DeviceConfig target = Fixtures.oneTenantOnePort();
    apply(target);
    List<String> calls = Collections.synchronizedList(new ArrayList<>());
    ApplyResult again;
    try (NetconfSession s = emu.connect(LEAF)) {
      again =
          DeviceTransaction.apply(
              RecordingSession.wrap(s, calls), target, TransactionSettings.defaults());
    }
    assertThat(again.unchanged()).isTrue();
    assertThat(again.verified()).isEqualTo(target);
    assertThat(calls).isNotEmpty().doesNotContainAnyElementsOf(EDITS);
  }

  @Test
  void rejectedEditLeavesTheSwitchUnchangedAndCarriesTheDevicesWords() {
    leaf.injectFault(Fault.once(FaultType.REJECT_NEXT_EDIT));
    DeviceTransactionException e = failureOf(Fixtures.leafWithTenants(4));
    assertThat(e.phase()).isEqualTo("edit");
    assertThat(e)
        .hasMessageContaining(LEAF)
        .hasMessageMatching("(?s).*edit: \\S.*: device refused.*")
        .hasMessageContaining("operation-failed")
        .hasMessageContaining("rejected by the device");
    assertThat(leaf.runningXml()).isEqualTo(before);
    assertThat(apply(Fixtures.leafWithTenants(4)).verified())
        .isEqualTo(Fixtures.leafWithTenants(4));
  }

  @Test
  void rejectedCommitLeavesTheSwitchUnchangedAndTheNextTransactionWorks() {
    leaf.injectFault(Fault.once(FaultType.REJECT_NEXT_COMMIT));
    DeviceTransactionException e = failureOf(Fixtures.oneTenantOnePort());
    assertThat(e.phase()).isEqualTo(commitPhase());
    assertThat(e).hasMessageContaining(LEAF).hasMessageContaining("injected fault");
    assertThat(leaf.runningXml()).isEqualTo(before);
    // nothing of the refused change is left behind (a dirty candidate would deny the next lock)
    assertThat(apply(Fixtures.oneTenantOnePort()).steps()).isNotEmpty();
  }

  @Test
  void sessionDroppedMidTransactionLeavesTheSwitchAsBefore() {
    leaf.injectFault(Fault.once(FaultType.DROP_SESSION_MID_TRANSACTION));
    assertThat(failureOf(Fixtures.leafWithTenants(8))).hasMessageContaining(LEAF);
    EmulatorHarness.await(
        "the switch's own rollback", ROLLBACK_DEADLINE, () -> leaf.runningXml().equals(before));
  }

  @Test
  void beganTransactionHoldsTheSwitchUntilItsTargetIsSettledThenAppliesIt() {
    DeviceConfig target = Fixtures.leafWithTenants(4);
    try (NetconfSession s = emu.connect(LEAF);
        NetconfSession other = emu.connect(LEAF)) {
      DeviceTransaction tx = new DeviceTransaction(s, TransactionSettings.defaults());
      tx.begin();
      assertThatThrownBy(() -> DeviceTransaction.apply(other, target, THREE_LOCK_TRIES))
          .as("another session cannot change the switch while the target is settled")
          .isInstanceOf(LockDeniedException.class);
      assertThat(leaf.runningXml()).isEqualTo(before);
      tx.prepare(target, Optional.empty());
      ApplyResult r = tx.confirm();
      assertThat(r.verified()).isEqualTo(target);
      assertRunning(target);
      assertThat(DeviceTransaction.apply(other, Fixtures.emptyLeaf(), THREE_LOCK_TRIES).steps())
          .as("unlocked by the confirm")
          .isNotEmpty();
    }
  }

  @Test
  void beganTransactionThatIsAbortedLeavesTheSwitchAsBeforeAndUnlocked() {
    try (NetconfSession s = emu.connect(LEAF)) {
      DeviceTransaction tx = new DeviceTransaction(s, TransactionSettings.defaults());
      tx.begin();
      tx.abort();
      assertThat(leaf.runningXml()).isEqualTo(before);
      assertThat(DeviceTransaction.apply(s, Fixtures.oneTenantOnePort(), THREE_LOCK_TRIES).steps())
          .isNotEmpty();
    }
  }

  @Test
  void beganTransactionGivenAnotherSwitchsTargetLetsTheSwitchGo() {
    DeviceConfig one = Fixtures.oneTenantOnePort();
    DeviceConfig elsewhere =
        new DeviceConfig(
            new SwitchName("leaf-02"),
            one.role(),
            one.lossless(),
            one.vsis(),
            one.ports(),
            one.acls());
    try (NetconfSession s = emu.connect(LEAF)) {
      DeviceTransaction tx = new DeviceTransaction(s, TransactionSettings.defaults());
      tx.begin();
      assertThatThrownBy(() -> tx.prepare(elsewhere, Optional.empty()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("leaf-02");
      assertThat(DeviceTransaction.apply(s, Fixtures.oneTenantOnePort(), THREE_LOCK_TRIES).steps())
          .as("unlocked when the target was refused")
          .isNotEmpty();
    }
  }

  @Test
  void lockHeldByAnotherSessionIsReportedWithItsHolderThenTakenOnceReleased() {
    // HOLD_LOCK: an internal session holds the lock for exactly three refused attempts
    leaf.injectFault(new Fault(FaultType.HOLD_LOCK, 3, 0));
    try (NetconfSession s = emu.connect(LEAF)) {
      assertThatThrownBy(
              () -> DeviceTransaction.apply(s, Fixtures.oneTenantOnePort(), THREE_LOCK_TRIES))
          .isInstanceOfSatisfying(
              LockDeniedException.class,
              e -> {
                assertThat(e.holderSessionId()).matches("[1-9][0-9]*").isNotEqualTo(s.sessionId());
                assertThat(e.attempts()).isEqualTo(3);
                assertThat(e.phase()).isEqualTo("lock");
              })
          .hasMessageContaining("held by session");
      assertThat(leaf.runningXml()).isEqualTo(before);
      assertThat(DeviceTransaction.apply(s, Fixtures.oneTenantOnePort(), THREE_LOCK_TRIES).steps())
          .isNotEmpty();
    }
  }

  @Test
  void lockHeldByAnotherClientSessionNamesThatSession() {
    try (NetconfSession holder = emu.connect(LEAF);
        NetconfSession other = emu.connect(LEAF)) {
      holder.lock(Datastore.RUNNING);
      assertThatThrownBy(
              () -> DeviceTransaction.apply(other, Fixtures.oneTenantOnePort(), THREE_LOCK_TRIES))
          .isInstanceOfSatisfying(
              LockDeniedException.class,
              e -> assertThat(e.holderSessionId()).isEqualTo(holder.sessionId()))
          .hasMessageContaining("held by session " + holder.sessionId());
      holder.unlock(Datastore.RUNNING);
      assertThat(
              DeviceTransaction.apply(other, Fixtures.oneTenantOnePort(), THREE_LOCK_TRIES)
                  .device())
          .isEqualTo(LEAF);
    }
  }

  @Test
  void preparedChangeOfADeadProcessIsRolledBackByTheSwitch() {
    NetconfClient doomed = new NetconfClient();
    try {
      DeviceTransaction tx = new DeviceTransaction(emu.connect(doomed, LEAF), SHORT_TIMEOUT);
      tx.prepare(Fixtures.oneTenantOnePort());
      assertThat(leaf.runningXml()).as("the prepared change is live").contains("t-acme");
    } finally {
      doomed.close(); // the process dies: no confirm, no abort, no close-session
    }
    EmulatorHarness.await(
        "the switch's own rollback", ROLLBACK_DEADLINE, () -> leaf.runningXml().equals(before));
  }

  @Test
  void preparedChangeOfAKilledSessionIsRolledBackByTheSwitch() {
    NetconfSession victim = emu.connect(LEAF);
    try {
      new DeviceTransaction(victim, SHORT_TIMEOUT).prepare(Fixtures.oneTenantOnePort());
      assertThat(leaf.runningXml()).as("the prepared change is live").contains("t-acme");
      try (NetconfSession operator = emu.connect(LEAF)) {
        operator.killSession(victim.sessionId());
      }
      EmulatorHarness.await(
          "the switch's own rollback", ROLLBACK_DEADLINE, () -> leaf.runningXml().equals(before));
    } finally {
      victim.close();
    }
  }

  @Test
  void correctBeliefSendsExactlyThePlannedStepsWithoutReadingFirst() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    DeviceConfig target = Fixtures.leafWithTenants(3);
    List<String> calls = Collections.synchronizedList(new ArrayList<>());
    ApplyResult r = applyBelieving(target, believed, s -> RecordingSession.wrap(s, calls));
    assertThat(r.steps()).isEqualTo(EditPlanner.plan(believed, target));
    assertThat(r.replanned()).isFalse();
    assertThat(r.verified()).isEqualTo(target);
    List<String> edits = new ArrayList<>(calls);
    edits.retainAll(EDITS);
    assertThat(r.edits())
        .as("one edit RPC per run of steps of one kind")
        .isEqualTo(EditGroup.of(r.steps()).size())
        .isLessThan(r.steps().size());
    assertThat(edits).as("one edit per group of planned steps: %s", calls).hasSize(r.edits());
    int lastEdit = -1;
    for (String edit : EDITS) {
      lastEdit = Math.max(lastEdit, calls.lastIndexOf(edit));
    }
    List<String> reads = List.of("getConfig", "get-config", "send get-config");
    assertThat(calls)
        .as("the switch is read only to verify, after the edits: %s", calls)
        .filteredOn(reads::contains)
        .hasSize(1);
    assertThat(calls.indexOf(calls.stream().filter(reads::contains).findFirst().orElseThrow()))
        .as("the verifying read follows the edits: %s", calls)
        .isGreaterThan(lastEdit);
    assertRunning(target);
  }

  @Test
  void wrongBeliefIsReplannedFromWhatTheSwitchRuns() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    // out of band: a local operator brings a free port up; the belief says it is shut
    leaf.cli(
        List.of("interface FourHundredGigE1/0/7", " undo shutdown", " description rogue", " quit"));
    DeviceConfig target = acmeOn(5, 6);
    ApplyResult r = applyBelieving(target, believed);
    assertThat(r.replanned()).isTrue();
    assertThat(r.steps()).contains(new EditStep.SetPortState(PortName.fourHundred(7), false, ""));
    assertThat(r.verified()).isEqualTo(target);
    assertRunning(target);
  }

  @Test
  void beliefWhosePlanTheSwitchRefusesIsReplannedFromWhatTheSwitchRuns() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    // out of band: the tenant's VSI goes, so attaching another port to it is refused
    leaf.cli(List.of("undo vsi t-acme"));
    DeviceConfig target = acmeOn(5, 6);
    ApplyResult r = applyBelieving(target, believed);
    assertThat(r.replanned()).isTrue();
    assertThat(r.steps()).contains(new EditStep.CreateVsi("t-acme"));
    assertRunning(target);
  }

  @Test
  void changeThatLeavesLosslessAloneVerifiesWithoutReadingTheQosTables() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    DeviceConfig target = acmeOn(5, 6);
    List<List<String>> reads = Collections.synchronizedList(new ArrayList<>());
    ApplyResult r = applyBelieving(target, believed, s -> ReadModules.wrap(s, reads));
    assertThat(r.steps()).noneMatch(step -> step instanceof EditStep.SetLossless);
    assertThat(reads).as("only the verifying read").hasSize(1);
    assertThat(reads.get(0)).contains("L2VPN", "ACL", "Ifmgr").doesNotContain("PFC", "WRED", "QoS");
    assertThat(r.verified()).as("the lossless settings as believed").isEqualTo(target);
    assertRunning(target);
  }

  @Test
  void changeThatSetsLosslessVerifiesByReadingTheQosTables() {
    DeviceConfig believed = apply(Fixtures.oneTenantOnePort()).verified();
    LosslessBaseline priority4 = LosslessBaseline.roce(4).withPorts(believed.lossless().ports());
    DeviceConfig target =
        new DeviceConfig(
            believed.device(),
            believed.role(),
            priority4,
            believed.vsis(),
            believed.ports(),
            believed.acls());
    List<List<String>> reads = Collections.synchronizedList(new ArrayList<>());
    ApplyResult r = applyBelieving(target, believed, s -> ReadModules.wrap(s, reads));
    assertThat(r.steps()).anyMatch(step -> step instanceof EditStep.SetLossless);
    assertThat(reads).as("only the verifying read").hasSize(1);
    assertThat(reads.get(0)).contains("PFC", "WRED", "QoS");
    assertThat(r.verified()).isEqualTo(target);
    assertRunning(target);
  }

  /** The switch, read back through a fresh session, runs {@code target}, nothing unexpressed. */
  void assertRunning(DeviceConfig target) {
    ComwareConfigReader.ReadBack back = emu.readBack(target, false);
    assertThat(back.anomalies()).isEmpty();
    assertThat(back.config()).isEqualTo(target);
  }

  /** How applying {@code target} over a fresh session fails; the test fails if it applies. */
  DeviceTransactionException failureOf(DeviceConfig target) {
    try (NetconfSession s = emu.connect(target.device().value())) {
      DeviceTransactionException e =
          catchThrowableOfType(
              DeviceTransactionException.class,
              () -> DeviceTransaction.apply(s, target, TransactionSettings.defaults()));
      assertThat(e).as("the transaction fails").isNotNull();
      return e;
    }
  }

  ApplyResult apply(DeviceConfig target) {
    try (NetconfSession s = emu.connect(target.device().value())) {
      return DeviceTransaction.apply(s, target, TransactionSettings.defaults());
    }
  }

  ApplyResult applyBelieving(DeviceConfig target, DeviceConfig believed) {
    return applyBelieving(target, believed, s -> s);
  }

  /** As {@link #applyBelieving(DeviceConfig, DeviceConfig)}, through a wrapper of the session. */
  ApplyResult applyBelieving(
      DeviceConfig target, DeviceConfig believed, UnaryOperator<NetconfSession> through) {
    return applyBelieving(target, believed, through, new DeviceKnowledge());
  }

  /** As the above, starting from and adding to what earlier transactions learned of the switch. */
  ApplyResult applyBelieving(
      DeviceConfig target,
      DeviceConfig believed,
      UnaryOperator<NetconfSession> through,
      DeviceKnowledge knowledge) {
    try (NetconfSession s = emu.connect(target.device().value())) {
      DeviceTransaction tx =
          new DeviceTransaction(
              through.apply(s),
              TransactionSettings.defaults(),
              "test-" + UUID.randomUUID(),
              knowledge);
      tx.prepare(target, Optional.of(believed));
      return tx.confirm();
    }
  }

  /** Tenant acme (as in {@link Fixtures#oneTenantOnePort()}) on the given ports. */
  static DeviceConfig acmeOn(int... ports) {
    DeviceConfig one = Fixtures.oneTenantOnePort();
    VsiConfig vsi = one.vsis().get("t-acme");
    AclConfig acl = one.acls().get("t-acme-in");
    SortedMap<PortName, PortConfig> bound = Fixtures.scrubbedDownlinks();
    for (int n : ports) {
      PortName p = PortName.fourHundred(n);
      bound.put(p, Fixtures.boundPort(p, "t-acme gpu-node-00" + n + "/0", vsi, acl));
    }
    return new DeviceConfig(
        one.device(), one.role(), one.lossless(), one.vsis(), bound, one.acls());
  }
}
