package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.Fault;
import io.tenantfabric.emulator.FaultType;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.southbound.comware.ComwareConfigReader;
import io.tenantfabric.southbound.comware.Fixtures;
import io.tenantfabric.southbound.session.NetconfSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** RFC 6241 candidate + confirmed-commit transactions against the emulator's rfc6241 profile. */
class Rfc6241TransactionIT {
  private static EmulatorHarness emu;
  private static EmulatedDevice leaf;

  @BeforeAll
  static void start() {
    emu = new EmulatorHarness(Profile.RFC6241);
    leaf = emu.fabric.device("leaf-01");
  }

  @AfterAll
  static void stop() {
    emu.close();
  }

  @Test
  void thirtyTwoTenantLeafIsCommittedAndReadBackEqual() {
    DeviceConfig target = Fixtures.leafWithTenants(32);
    try (NetconfSession s = emu.connect("leaf-01")) {
      ApplyResult r = DeviceTransaction.apply(s, target, TransactionSettings.defaults());
      assertThat(r.profile()).isEqualTo(TransactionProfile.RFC6241);
    }
    ComwareConfigReader.ReadBack back = emu.readBack(target, false);
    assertThat(back.anomalies()).isEmpty();
    assertThat(back.config()).isEqualTo(target);
  }

  @Test
  void rejectedEditLeavesRunningUnchanged() {
    String before = leaf.runningXml();
    leaf.injectFault(Fault.once(FaultType.REJECT_NEXT_EDIT));
    try (NetconfSession s = emu.connect("leaf-01")) {
      assertThatThrownBy(
              () ->
                  DeviceTransaction.apply(
                      s, Fixtures.oneTenantOnePort(), TransactionSettings.defaults()))
          .isInstanceOf(DeviceTransactionException.class)
          .hasMessageContaining("leaf-01");
    } finally {
      leaf.clearFaults();
    }
    assertThat(leaf.runningXml()).isEqualTo(before);
  }
}
