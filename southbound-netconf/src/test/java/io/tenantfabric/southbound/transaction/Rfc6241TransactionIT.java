package io.tenantfabric.southbound.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.southbound.comware.Fixtures;
import io.tenantfabric.southbound.session.NetconfSession;
import org.junit.jupiter.api.Test;

/**
 * The transaction contract on the rfc6241 profile (candidate, confirmed commit with persist), plus
 * what only a persist token allows: cancelling a prepared change from another session.
 */
class Rfc6241TransactionIT extends DeviceTransactionContract {

  @Override
  Profile profile() {
    return Profile.RFC6241;
  }

  @Override
  TransactionProfile expectedProfile() {
    return TransactionProfile.RFC6241;
  }

  @Override
  String commitPhase() {
    return "commit"; // the confirmed commit, inside prepare
  }

  @Test
  void preparedCommitIsCancelledFromAnotherSessionWithItsPersistId() {
    try (NetconfSession owner = emu.connect(LEAF);
        NetconfSession rescuer = emu.connect(LEAF)) {
      DeviceTransaction tx = new DeviceTransaction(owner, TransactionSettings.defaults());
      tx.prepare(Fixtures.oneTenantOnePort());
      assertThat(tx.persistId()).isNotBlank();
      assertThat(leaf.runningXml()).as("the prepared change is live").contains("t-acme");
      rescuer.cancelCommit(tx.persistId());
      assertThat(leaf.runningXml()).isEqualTo(before);
      // the owner finds nothing left to cancel, says so, and still lets go of its locks
      assertThatThrownBy(tx::abort)
          .isInstanceOfSatisfying(
              DeviceTransactionException.class, e -> assertThat(e.phase()).isEqualTo("abort"));
    }
    assertThat(apply(Fixtures.oneTenantOnePort()).steps()).isNotEmpty();
  }

  @Test
  void refusedL2vpnXmlFailsOnTheCandidateWithoutTouchingRunning() {
    // the CLI fallback writes running, so it cannot serve a candidate: the edit fails instead
    leaf.injectFault(Fault.always(FaultType.REFUSE_L2VPN_XML));
    DeviceTransactionException e = failureOf(Fixtures.oneTenantOnePort());
    assertThat(e.phase()).startsWith("edit");
    assertThat(e).hasMessageContaining("unknown-element");
    assertThat(leaf.runningXml()).isEqualTo(before);
  }
}
