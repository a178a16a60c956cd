package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.Fault;
import io.tenantfabric.emulator.FaultType;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.ComwareFeature;
import io.tenantfabric.southbound.comware.Fixtures;
import io.tenantfabric.southbound.session.Datastore;
import io.tenantfabric.southbound.session.NetconfSession;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Comware save-point transactions against the emulator over real SSH/NETCONF. */
class ComwareTransactionIT {
  private static EmulatorHarness emu;
  private static EmulatedDevice leaf;

  @BeforeAll
  static void start() {
    emu = new EmulatorHarness(Profile.COMWARE7);
    leaf = emu.fabric.device("leaf-01");
  }

  @AfterAll
  static void stop() {
    emu.close();
  }

  @AfterEach
  void clearFaults() {
    leaf.clearFaults();
  }

  @Test
  void thirtyTwoTenantLeafIsAppliedAndReadBackEqual() {
    DeviceConfig target = Fixtures.leafWithTenants(32);
    try (NetconfSession s = emu.connect("leaf-01")) {
      ApplyResult r = DeviceTransaction.apply(s, target, TransactionSettings.defaults());
      assertThat(r.profile()).isEqualTo(TransactionProfile.COMWARE);
      assertThat(r.cliFeatures()).as("no CLI fallback needed").isEmpty();
    }
    ComwareConfigReader.ReadBack back = emu.readBack(target, false);
    assertThat(back.anomalies()).isEmpty();
    assertThat(back.config()).isEqualTo(target);
    assertThat(leaf.runningXml()).contains("t-tenant-32").contains("<VxlanID>10032</VxlanID>");

    // and back to an empty leaf: the teardown order is accepted by the switch's reference checks
    try (NetconfSession s = emu.connect("leaf-01")) {
      DeviceTransaction.apply(s, Fixtures.emptyLeaf(), TransactionSettings.defaults());
    }
    assertThat(emu.readBack(Fixtures.emptyLeaf(), false).config()).isEqualTo(Fixtures.emptyLeaf());
    assertThat(leaf.runningXml()).doesNotContain("t-tenant-");
  }

  @Test
  void rejectedEditLeavesTheSwitchUnchangedAndCarriesTheDevicesWords() {
    String before = leaf.runningXml();
    leaf.injectFault(Fault.once(FaultType.REJECT_NEXT_EDIT));
    try (NetconfSession s = emu.connect("leaf-01")) {
      assertThatThrownBy(
              () ->
                  DeviceTransaction.apply(
                      s, Fixtures.leafWithTenants(4), TransactionSettings.defaults()))
          .isInstanceOf(DeviceTransactionException.class)
          .hasMessageContaining("leaf-01")
          .hasMessageContaining("operation-failed")
          .satisfies(e -> assertThat(((DeviceTransactionException) e).phase()).startsWith("edit"));
    }
    assertThat(leaf.runningXml()).isEqualTo(before);
  }

  @Test
  void clientDroppedMidTransactionLeavesRunningConfigAsBefore() {
    String before = leaf.runningXml();
    leaf.injectFault(Fault.once(FaultType.DROP_SESSION_MID_TRANSACTION));
    try (NetconfSession s = emu.connect("leaf-01")) {
      assertThatThrownBy(
              () ->
                  DeviceTransaction.apply(
                      s, Fixtures.leafWithTenants(8), TransactionSettings.defaults()))
          .isInstanceOf(DeviceTransactionException.class)
          .hasMessageContaining("leaf-01");
    }
    EmulatorHarness.await(
        "save-point auto-rollback", Duration.ofSeconds(10), () -> leaf.runningXml().equals(before));
    assertThat(leaf.runningXml()).isEqualTo(before);
  }

  @Test
  void clientKilledAfterPrepareLeavesRunningConfigAsBefore() {
    String before = leaf.runningXml();
    NetconfSession victim = emu.connect("leaf-01");
    DeviceTransaction tx = new DeviceTransaction(victim, TransactionSettings.defaults());
    tx.prepare(Fixtures.oneTenantOnePort());
    assertThat(leaf.runningXml()).as("prepared change is live").contains("t-acme");
    try (NetconfSession operator = emu.connect("leaf-01")) {
      operator.killSession(victim.sessionId());
    }
    EmulatorHarness.await(
        "save-point auto-rollback", Duration.ofSeconds(10), () -> leaf.runningXml().equals(before));
    assertThat(leaf.runningXml()).isEqualTo(before);
    victim.close();
  }

  @Test
  void cliFallbackWhenTheSwitchRefusesL2vpnXml() {
    leaf.injectFault(Fault.always(FaultType.REFUSE_L2VPN_XML));
    DeviceConfig target = Fixtures.leafWithTenants(3);
    try (NetconfSession s = emu.connect("leaf-01")) {
      ApplyResult r = DeviceTransaction.apply(s, target, TransactionSettings.defaults());
      assertThat(r.cliFeatures()).contains(ComwareFeature.L2VPN, ComwareFeature.VXLAN);
    }
    ComwareConfigReader.ReadBack viaCli = emu.readBack(target, true);
    assertThat(viaCli.anomalies()).isEmpty();
    assertThat(viaCli.config()).isEqualTo(target);
    leaf.clearFaults();
    assertThat(emu.readBack(target, false).config()).as("the XML tables agree").isEqualTo(target);
  }

  @Test
  void lockDeniedIsRetriedThenReportedWithTheHoldersSessionId() {
    try (NetconfSession holder = emu.connect("leaf-02");
        NetconfSession other = emu.connect("leaf-02")) {
      holder.lock(Datastore.RUNNING);
      DeviceConfig target = Fixtures.emptyLeaf();
      DeviceConfig forLeaf2 =
          new DeviceConfig(
              new io.tenantfabric.model.topology.SwitchName("leaf-02"),
              target.role(),
              target.lossless(),
              target.vsis(),
              target.ports(),
              target.acls());
      TransactionSettings settings =
          TransactionSettings.defaults()
              .withLockRetries(3, Duration.ofMillis(10), Duration.ofMillis(40));
      assertThatThrownBy(() -> DeviceTransaction.apply(other, forLeaf2, settings))
          .isInstanceOfSatisfying(
              LockDeniedException.class,
              e -> {
                assertThat(e.holderSessionId()).isEqualTo(holder.sessionId());
                assertThat(e.attempts()).isEqualTo(3);
                assertThat(e.device()).isEqualTo("leaf-02");
              })
          .hasMessageContaining("held by session " + holder.sessionId());
      holder.unlock(Datastore.RUNNING);
      assertThat(DeviceTransaction.apply(other, forLeaf2, settings).device()).isEqualTo("leaf-02");
    }
  }
}
