package io.tenantfabric.emulator.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.datastore.EditOptions;
import io.tenantfabric.emulator.datastore.RpcException;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Locks, save-points, confirmed commits, files and faults on one device, without SSH. */
class SessionSemanticsTest {
  static EmulatorRuntime runtime;
  static final String VSI = "<L2VPN><VSIs><VSI><VsiName>t-acme</VsiName></VSI></VSIs></L2VPN>";
  static final String VSI2 = "<L2VPN><VSIs><VSI><VsiName>t-beta</VsiName></VSI></VSIs></L2VPN>";

  @BeforeAll
  static void up() {
    runtime = new EmulatorRuntime();
  }

  @AfterAll
  static void down() {
    runtime.close();
  }

  static void edit(SwitchDevice d, DeviceSession s, Target t, String top) throws Exception {
    d.edit(
        s, t, DeviceFixture.config(top), EditOptions.defaults(), "/rpc/edit-config[1]/config[1]");
  }

  static String tag(RpcException e) {
    return e.errors().get(0).tag();
  }

  @Test
  void secondSessionGetsLockDeniedNamingTheHolderAndCannotEdit() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    DeviceSession b = d.openSession("admin", () -> {});
    d.lock(a, Target.RUNNING);
    assertThatThrownBy(() -> d.lock(b, Target.RUNNING))
        .isInstanceOfSatisfying(
            RpcException.class,
            e -> {
              assertThat(tag(e)).isEqualTo("lock-denied");
              assertThat(e.errors().get(0).message())
                  .isEqualTo("Lock failed because the NETCONF lock is held by another session.");
              assertThat(e.errors().get(0).info())
                  .containsEntry("session-id", Integer.toString(a.id()));
            });
    assertThatThrownBy(() -> edit(d, b, Target.RUNNING, VSI))
        .isInstanceOfSatisfying(
            RpcException.class, e -> assertThat(tag(e)).isEqualTo("access-denied"));
    assertThatThrownBy(() -> d.unlock(b, Target.RUNNING))
        .isInstanceOfSatisfying(
            RpcException.class,
            e -> {
              assertThat(tag(e)).isEqualTo("operation-failed");
              assertThat(e.errors().get(0).message()).contains("Unlock Failed");
            });
    d.sessionEnded(a);
    d.lock(b, Target.RUNNING);
    edit(d, b, Target.RUNNING, VSI);
    assertThat(d.runningXml()).contains("t-acme");
  }

  @Test
  void anRpcRunAfterItsSessionEndedBindsNothingToIt() throws Exception {
    // a lock still queued (or delayed) when its client went away: sessionEnded ran first, so a
    // lock taken now would never be released
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    DeviceSession gone = d.openSession("admin", () -> {});
    d.sessionEnded(gone);
    assertThatThrownBy(() -> d.lock(gone, Target.RUNNING))
        .isInstanceOfSatisfying(
            RpcException.class, e -> assertThat(tag(e)).isEqualTo("operation-failed"));
    assertThatThrownBy(() -> d.savePointBegin(gone, 600))
        .isInstanceOfSatisfying(
            RpcException.class, e -> assertThat(tag(e)).isEqualTo("operation-failed"));
    assertThatThrownBy(() -> d.commit(gone, true, 600, null, null))
        .isInstanceOfSatisfying(
            RpcException.class, e -> assertThat(tag(e)).isEqualTo("operation-failed"));
    assertThatThrownBy(() -> edit(d, gone, Target.CANDIDATE, VSI2))
        .isInstanceOfSatisfying(
            RpcException.class, e -> assertThat(tag(e)).isEqualTo("operation-failed"));
    DeviceSession next = d.openSession("admin", () -> {});
    d.lock(next, Target.RUNNING);
    d.savePointBegin(next, 600);
    edit(d, next, Target.RUNNING, VSI);
    assertThat(d.runningXml()).contains("t-acme");
  }

  @Test
  void sessionDropRollsTheSavePointBackToTheBeginState() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    edit(d, a, Target.RUNNING, VSI2);
    String before = d.runningXml();
    d.lock(a, Target.RUNNING);
    d.savePointBegin(a, 600);
    assertThat(d.savePointCommit(a, "pre", "", false)).isEqualTo(2);
    edit(d, a, Target.RUNNING, VSI);
    assertThat(d.runningXml()).contains("t-acme");
    d.sessionEnded(a);
    assertThat(d.runningXml()).isEqualTo(before);
  }

  @Test
  void savePointRollbackToAPointAndEndKeepsChanges() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    d.savePointBegin(a, 600);
    edit(d, a, Target.RUNNING, VSI);
    int point = d.savePointCommit(a, "with-acme", "", false);
    edit(d, a, Target.RUNNING, VSI2);
    d.savePointRollback(a, point, null, null);
    assertThat(d.runningXml()).contains("t-acme").doesNotContain("t-beta");
    d.savePointRollback(a, null, null, null);
    assertThat(d.runningXml()).contains("t-acme");
    d.savePointRollback(a, 1, null, null);
    assertThat(d.runningXml()).doesNotContain("t-acme");
    edit(d, a, Target.RUNNING, VSI);
    d.savePointEnd(a);
    d.sessionEnded(a);
    assertThat(d.runningXml()).contains("t-acme");
    DeviceSession b = d.openSession("admin", () -> {});
    assertThatThrownBy(() -> d.savePointEnd(b))
        .hasMessageContaining("Current session doesn't have a save-point.");
    assertThatThrownBy(() -> d.savePointBegin(b, 0)).isInstanceOf(RpcException.class);
    assertThatThrownBy(() -> d.savePointBegin(b, 65536)).isInstanceOf(RpcException.class);
  }

  @Test
  void idleConfirmTimeoutRollsBack() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    String before = d.runningXml();
    d.savePointBegin(a, 1);
    edit(d, a, Target.RUNNING, VSI);
    await()
        .alias("idle save-point rolled back")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> d.runningXml().equals(before));
    assertThatThrownBy(() -> d.savePointEnd(a)).hasMessageContaining("doesn't have a save-point");
  }

  @Test
  void holdLockFaultRefusesCountLockAttemptsThenReleases() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    d.injectFault(new Fault(FaultType.HOLD_LOCK, 2, 0));
    assertThatThrownBy(() -> d.lock(a, Target.RUNNING)).hasMessageContaining("lock-denied");
    assertThatThrownBy(() -> edit(d, a, Target.RUNNING, VSI)).hasMessageContaining("access-denied");
    assertThatThrownBy(() -> d.lock(a, Target.RUNNING)).hasMessageContaining("lock-denied");
    d.lock(a, Target.RUNNING);
    edit(d, a, Target.RUNNING, VSI);
  }

  @Test
  void rejectNextEditAndDropMidTransaction() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    d.injectFault(Fault.once(FaultType.REJECT_NEXT_EDIT));
    String before = d.runningXml();
    assertThatThrownBy(() -> edit(d, a, Target.RUNNING, VSI))
        .hasMessageContaining("operation-failed");
    assertThat(d.runningXml()).isEqualTo(before);
    edit(d, a, Target.RUNNING, VSI);
    d.injectFault(Fault.once(FaultType.DROP_SESSION_MID_TRANSACTION));
    // outside a transaction the fault waits
    assertThat(d.edit(a, Target.RUNNING, DeviceFixture.config(VSI2), EditOptions.defaults(), "/c"))
        .isEqualTo(EditOutcome.APPLIED);
    d.lock(a, Target.RUNNING);
    assertThat(d.edit(a, Target.RUNNING, DeviceFixture.config(VSI2), EditOptions.defaults(), "/c"))
        .isEqualTo(EditOutcome.APPLIED_THEN_DROP_SESSION);
  }

  @Test
  void savedStartupSurvivesStopAndStart() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime);
    d.start();
    DeviceSession a = d.openSession("admin", () -> {});
    edit(d, a, Target.RUNNING, VSI);
    d.save(null);
    edit(d, a, Target.RUNNING, VSI2);
    d.save("flash:/backup.cfg");
    d.stop();
    d.start();
    assertThat(d.runningXml()).contains("t-acme").doesNotContain("t-beta");
    DeviceSession b = d.openSession("admin", () -> {});
    d.rollbackToFile(b, "backup.cfg");
    assertThat(d.runningXml()).contains("t-beta");
    assertThatThrownBy(() -> d.save("x.txt")).hasMessageContaining(".cfg");
    assertThatThrownBy(() -> d.rollbackToFile(b, "none.cfg"))
        .hasMessageContaining("does not exist");
  }

  @Test
  void rfc6241ConfirmedCommitRevertsOnCancelAndOnSessionDrop() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.RFC6241, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    edit(d, a, Target.CANDIDATE, VSI);
    assertThat(d.runningXml()).doesNotContain("t-acme");
    d.commit(a, true, 600, null, null);
    assertThat(d.runningXml()).contains("t-acme");
    d.cancelCommit(a, null);
    assertThat(d.runningXml()).doesNotContain("t-acme");
    edit(d, a, Target.CANDIDATE, VSI);
    d.commit(a, true, 600, null, null);
    d.sessionEnded(a);
    assertThat(d.runningXml()).doesNotContain("t-acme");
    DeviceSession b = d.openSession("admin", () -> {});
    edit(d, b, Target.CANDIDATE, VSI);
    d.commit(b, true, 600, "tok", null);
    d.sessionEnded(b);
    assertThat(d.runningXml()).as("persist survives the session").contains("t-acme");
    DeviceSession c = d.openSession("admin", () -> {});
    assertThatThrownBy(() -> d.commit(c, false, 0, null, "wrong"))
        .hasMessageContaining("invalid-value");
    d.commit(c, false, 0, null, "tok");
    assertThat(d.runningXml()).contains("t-acme");
    edit(d, c, Target.CANDIDATE, VSI2);
    d.discardChanges();
    d.commit(c, false, 0, null, null);
    assertThat(d.runningXml()).doesNotContain("t-beta");
  }

  @Test
  void confirmedCommitTimesOut() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.RFC6241, runtime);
    DeviceSession a = d.openSession("admin", () -> {});
    edit(d, a, Target.CANDIDATE, VSI);
    d.commit(a, true, 1, null, null);
    assertThat(d.runningXml()).contains("t-acme");
    await()
        .alias("unconfirmed commit rolled back")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> !d.runningXml().contains("t-acme"));
  }

  @Test
  void sessionsAboveTheCapAreRefusedUntilOneEnds() throws Exception {
    SwitchDevice d = DeviceFixture.leaf(Profile.COMWARE7, runtime, 2);
    DeviceSession a = d.openSession("admin", () -> {});
    d.openSession("admin", () -> {});
    assertThatThrownBy(() -> d.openSession("admin", () -> {}))
        .isInstanceOfSatisfying(
            TooManySessionsException.class, e -> assertThat(e.max()).isEqualTo(2))
        .hasMessageContaining("--max-sessions");
    d.sessionEnded(a);
    assertThat(d.openSession("admin", () -> {}).id()).isGreaterThan(a.id());
  }
}
