package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.protocol.Capabilities;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client against the emulator's rfc6241 profile: candidate, confirmed commit, cancel. */
class Rfc6241SessionIT extends SessionOperationsContract {

  @Override
  Profile profile() {
    return Profile.RFC6241;
  }

  @Override
  Datastore editTarget() {
    return Datastore.CANDIDATE;
  }

  @Override
  void publish(NetconfSession s) {
    s.commit();
  }

  @Test
  void advertisesCandidateAndConfirmedCommit() {
    try (NetconfSession s = open(true)) {
      assertThat(s.hasCapability(Capabilities.CANDIDATE)).isTrue();
      assertThat(s.hasCapability(Capabilities.CONFIRMED_COMMIT)).isTrue();
      assertThat(s.hasCapability(Capabilities.H3C_SAVE_POINT)).isFalse();
    }
  }

  @ParameterizedTest(name = "chunked={0}")
  @ValueSource(booleans = {true, false})
  void confirmedCommitWithPersistIsConfirmedFromAnotherSession(boolean chunked) {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(chunked);
        NetconfSession other = open(!chunked)) {
      s.lock(Datastore.CANDIDATE);
      s.editConfig(Datastore.CANDIDATE, vsiConfig(vsi, "merge"), EditConfigOptions.defaults());
      s.validate(Datastore.CANDIDATE);
      s.commitConfirmed(Duration.ofSeconds(120), "persist-" + vsi);
      assertThat(leaf.runningXml()).contains(vsi);
      s.unlock(Datastore.CANDIDATE);
      other.confirmCommit("persist-" + vsi);
      assertThat(leaf.runningXml()).contains(vsi);
    }
  }

  @Test
  void cancelCommitRevertsAConfirmedCommit() {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(true)) {
      s.editConfig(Datastore.CANDIDATE, vsiConfig(vsi, "merge"), null);
      s.commitConfirmed(Duration.ofSeconds(120), "cancel-" + vsi);
      assertThat(leaf.runningXml()).contains(vsi);
      s.cancelCommit("cancel-" + vsi);
      assertThat(leaf.runningXml()).doesNotContain(vsi);
    }
  }

  @Test
  void confirmedCommitWithoutPersistRollsBackWhenTheSessionEnds() {
    String vsi = uniqueVsi();
    NetconfSession s = open(true);
    s.editConfig(Datastore.CANDIDATE, vsiConfig(vsi, "merge"), null);
    s.commitConfirmed(Duration.ofSeconds(120), null);
    assertThat(leaf.runningXml()).contains(vsi);
    s.close();
    assertThat(eventually(Duration.ofSeconds(5), () -> !leaf.runningXml().contains(vsi))).isTrue();
  }

  @Test
  void discardChangesDropsUncommittedCandidateEdits() {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(true)) {
      s.editConfig(Datastore.CANDIDATE, vsiConfig(vsi, "merge"), null);
      assertThat(s.getConfig(Datastore.CANDIDATE, vsiFilter(vsi)).getTextContent()).contains(vsi);
      s.discardChanges();
      assertThat(s.getConfig(Datastore.CANDIDATE, vsiFilter(vsi)).getTextContent())
          .doesNotContain(vsi);
      s.commit();
      assertThat(leaf.runningXml()).doesNotContain(vsi);
    }
  }

  @Test
  void comwareOnlyOperationsGetTheDevicesError() {
    try (NetconfSession s = open(true)) {
      NetconfRpcException e =
          catchThrowableOfType(
              NetconfRpcException.class, () -> s.savePointBegin(Duration.ofSeconds(60)));
      assertThat(e.device()).isEqualTo(leaf.name());
      assertThat(e.errors().get(0).tag()).isIn("unknown-element", "operation-not-supported");
    }
  }
}
