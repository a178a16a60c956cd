package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.protocol.Capabilities;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client against the emulator's comware7 profile: running only, save-point, CLI. */
class Comware7SessionIT extends SessionOperationsContract {

  @Override
  Profile profile() {
    return Profile.COMWARE7;
  }

  @Override
  Datastore editTarget() {
    return Datastore.RUNNING;
  }

  @Override
  void publish(NetconfSession s) {
    // Comware writes running directly.
  }

  @Test
  void advertisesSavePointAndNoCandidate() {
    try (NetconfSession s = open(true)) {
      assertThat(s.hasCapability(Capabilities.H3C_SAVE_POINT)).isTrue();
      assertThat(s.hasCapability(Capabilities.CANDIDATE)).isFalse();
    }
  }

  @ParameterizedTest(name = "chunked={0}")
  @ValueSource(booleans = {true, false})
  void savePointCommitRollbackRestoresThePoint(boolean chunked) {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(chunked)) {
      s.lock(Datastore.RUNNING);
      s.savePointBegin(Duration.ofSeconds(120));
      int point = s.savePointCommit("before-" + vsi);
      assertThat(point).isPositive();
      s.editConfig(Datastore.RUNNING, vsiConfig(vsi, "merge"), EditConfigOptions.defaults());
      assertThat(leaf.runningXml()).contains(vsi);
      s.savePointRollback(point);
      assertThat(leaf.runningXml()).doesNotContain(vsi);
      s.savePointRollback(null);
      s.savePointEnd();
      s.unlock(Datastore.RUNNING);
    }
  }

  @Test
  void savePointEndKeepsTheChange() {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(true)) {
      s.savePointBegin(Duration.ofSeconds(60));
      s.savePointCommit(null);
      s.editConfig(Datastore.RUNNING, vsiConfig(vsi, "merge"), null);
      s.savePointEnd();
      assertThat(leaf.runningXml()).contains(vsi);
      NetconfRpcException noPoint =
          catchThrowableOfType(NetconfRpcException.class, s::savePointEnd);
      assertThat(noPoint.getMessage()).contains(leaf.name());
    }
  }

  @Test
  void cliConfigurationAndExecutionEchoTheDevicesText() {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(true)) {
      String echo = s.cliConfiguration(List.of("vsi " + vsi, " vxlan 10777", " quit"));
      assertThat(echo).contains("vsi " + vsi);
      assertThat(leaf.runningXml()).contains(vsi);
      String bad = s.cliConfiguration(List.of("no-such-command at all"));
      assertThat(bad).contains("%");
      String shown = s.cliExecution("display current-configuration");
      assertThat(shown).contains(vsi);
    }
  }

  @Test
  void candidateOperationsGetTheDevicesError() {
    try (NetconfSession s = open(true)) {
      for (Runnable op :
          List.<Runnable>of(
              s::commit,
              () -> s.commitConfirmed(Duration.ofSeconds(60), "p1"),
              () -> s.confirmCommit("p1"),
              () -> s.cancelCommit(null),
              s::discardChanges)) {
        NetconfRpcException e = catchThrowableOfType(NetconfRpcException.class, op::run);
        assertThat(e.device()).isEqualTo(leaf.name());
        assertThat(e.errors().get(0).tag()).isIn("unknown-element", "operation-not-supported");
      }
      NetconfRpcException lockCandidate =
          catchThrowableOfType(NetconfRpcException.class, () -> s.lock(Datastore.CANDIDATE));
      assertThat(lockCandidate.errors()).isNotEmpty();
    }
  }
}
