package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.endpoint;
import static io.tenantfabric.southbound.testing.EmulatorSupport.eventually;
import static io.tenantfabric.southbound.testing.EmulatorSupport.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.protocol.NetconfTimeoutException;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import io.tenantfabric.southbound.transport.HostKeyFingerprint;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Switches that misbehave on purpose (scripted MINA servers, not the emulator) cost the client only
 * their own session: a healthy switch on the same client keeps answering.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MisbehavingSwitchIT {

  static final String HELLO_11 =
      "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
          + "<capability>urn:ietf:params:netconf:base:1.0</capability>"
          + "<capability>urn:ietf:params:netconf:base:1.1</capability></capabilities>"
          + "<session-id>7</session-id></hello>]]>]]>";

  EmulatedFabric fabric;
  EmulatedDevice healthy;
  NetconfClient client;
  KeyPair hostKey;

  @BeforeAll
  void start() throws Exception {
    fabric = EmulatorSupport.startMini(Profile.COMWARE7);
    healthy = EmulatorSupport.firstLeaf(fabric);
    client = new NetconfClient();
    hostKey = ScriptedSshServer.newKeyPair();
  }

  @AfterAll
  void stop() {
    client.close();
    fabric.close();
  }

  private DeviceEndpoint scripted(String name, ScriptedSshServer server) {
    return new DeviceEndpoint(
        name,
        "127.0.0.1",
        server.port(),
        "admin",
        "admin",
        HostKeyFingerprint.of(hostKey.getPublic()));
  }

  private static String getWithFilterOf(int bytes) {
    return "<get><filter type=\"subtree\"><top xmlns=\"http://www.h3c.com/netconf/data:1.0\">"
        + "<Ifmgr><Interfaces><Interface><Description>"
        + "x".repeat(bytes)
        + "</Description></Interface></Interfaces></Ifmgr></top></filter></get>";
  }

  @Test
  void aWriteToASwitchThatStopsReadingFailsByTheRpcTimeout() throws Exception {
    // The switch says hello, then never reads: its 32 KiB window fills and stays shut.
    ScriptedSshServer.Script neverReads =
        (in, out) -> {
          out.write(HELLO_11.getBytes(StandardCharsets.UTF_8));
          out.flush();
        };
    SessionSettings oneSecond = settings().withRpcTimeout(Duration.ofSeconds(1));
    try (ScriptedSshServer server = ScriptedSshServer.withPassword(hostKey, 32 * 1024, neverReads);
        NetconfSession stuck = client.connect(scripted("leaf-deaf", server), oneSecond);
        NetconfSession other = client.connect(endpoint(healthy), settings())) {
      // MINA's own wait for window is 30 s per wait; the rpc timeout must bound the whole send.
      CompletableFuture<org.w3c.dom.Element> call = stuck.rpcAsync(getWithFilterOf(256 * 1024));
      ExecutionException failed =
          org.assertj.core.api.Assertions.catchThrowableOfType(
              ExecutionException.class, () -> call.get(60, TimeUnit.SECONDS));
      assertThat(failed.getCause()).isInstanceOf(NetconfTimeoutException.class);
      NetconfTimeoutException timeout = (NetconfTimeoutException) failed.getCause();
      assertThat(timeout.device()).isEqualTo("leaf-deaf");
      assertThat(timeout.step()).startsWith("write of rpc get (message-id ");
      assertThat(timeout.timeout()).isEqualTo(Duration.ofSeconds(1));
      assertThat(eventually(Duration.ofSeconds(10), () -> !stuck.isOpen())).isTrue();

      assertThat(other.get(null).getLocalName()).isEqualTo("data");
    }
  }
}
