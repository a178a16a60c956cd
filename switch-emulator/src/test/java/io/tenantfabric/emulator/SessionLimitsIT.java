package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.client.SshClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Sessions per switch are capped, over real SSH. */
class SessionLimitsIT {
  SshClient ssh;
  final List<RawNetconfClient> open = new ArrayList<>();

  @BeforeEach
  void client() {
    ssh = RawNetconfClient.newSharedClient();
  }

  @AfterEach
  void closeAll() throws Exception {
    for (RawNetconfClient c : open) {
      c.kill();
    }
    ssh.stop();
  }

  /** Opens {@code n} sessions to {@code d} and keeps them open. */
  void fill(EmulatedDevice d, int n) throws Exception {
    for (int i = 0; i < n; i++) {
      RawNetconfClient c = RawNetconfClient.connect(ssh, d);
      open.add(c);
      assertThat(c.rpc("<get-sessions/>")).contains("<SessionID>");
    }
  }

  static boolean answersGet(SshClient ssh, EmulatedDevice d) {
    try (RawNetconfClient c = RawNetconfClient.connect(ssh, d)) {
      return c.rpc("<get-config><source><running/></source></get-config>").contains("<data>");
    } catch (Exception e) {
      return false;
    }
  }

  @Test
  void theSeventeenthSessionToOneSwitchIsRefusedWhileSixteenAreOpen() throws Exception {
    try (EmulatedFabric fabric =
        EmulatedFabric.start(
            EmulatorOptions.builder().preset(FabricLayouts.MINI).leavesOnly(true).build())) {
      EmulatedDevice leaf = fabric.device("leaf-01");
      fill(leaf, 16);
      assertThatThrownBy(() -> RawNetconfClient.connect(ssh, leaf))
          .as("17th session to leaf-01")
          .isInstanceOf(Exception.class);
      assertThat(answersGet(ssh, fabric.device("leaf-02"))).as("leaf-02 unaffected").isTrue();
      String sessions = open.get(0).rpc("<get-sessions/>");
      assertThat(sessions.split("<Session>", -1)).as("16 sessions listed").hasSize(17);

      open.remove(0).close();
      await()
          .alias("a slot frees up when a session closes")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> answersGet(ssh, leaf));
    }
  }

  @Test
  void maxSessionsChangesTheCap() throws Exception {
    try (EmulatedFabric fabric =
        EmulatedFabric.start(
            EmulatorOptions.builder()
                .preset(FabricLayouts.MINI)
                .leavesOnly(true)
                .maxSessions(2)
                .build())) {
      EmulatedDevice leaf = fabric.device("leaf-01");
      fill(leaf, 2);
      assertThatThrownBy(() -> RawNetconfClient.connect(ssh, leaf)).isInstanceOf(Exception.class);
      assertThat(answersGet(ssh, fabric.device("leaf-02"))).isTrue();
    }
  }
}
