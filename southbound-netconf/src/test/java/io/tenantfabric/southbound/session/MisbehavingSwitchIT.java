package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.endpoint;
import static io.tenantfabric.southbound.testing.EmulatorSupport.eventually;
import static io.tenantfabric.southbound.testing.EmulatorSupport.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.protocol.MessageTooLargeException;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfTimeoutException;
import io.tenantfabric.southbound.protocol.ProtocolViolationException;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import io.tenantfabric.southbound.transport.HostKeyFingerprint;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.w3c.dom.Element;

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
      CompletableFuture<Element> call = stuck.rpcAsync(getWithFilterOf(256 * 1024));
      NetconfException failed = failureOf(call);
      assertThat(failed).isInstanceOf(NetconfTimeoutException.class);
      NetconfTimeoutException timeout = (NetconfTimeoutException) failed;
      assertThat(timeout.device()).isEqualTo("leaf-deaf");
      assertThat(timeout.step()).startsWith("write of rpc get (message-id ");
      assertThat(timeout.timeout()).isEqualTo(Duration.ofSeconds(1));
      assertThat(eventually(Duration.ofSeconds(10), () -> !stuck.isOpen())).isTrue();

      assertThat(other.get(null).getLocalName()).isEqualTo("data");
    }
  }

  /** RFC 6242 section 4.2: the message as one chunk. */
  static byte[] chunk(String message) {
    byte[] m = message.getBytes(StandardCharsets.UTF_8);
    return ("\n#" + m.length + "\n" + message + "\n##\n").getBytes(StandardCharsets.UTF_8);
  }

  static String okReply(String messageId) {
    return "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\""
        + messageId
        + "\"><ok/></rpc-reply>";
  }

  /** The start of a scripted session: hellos exchanged, the client's first rpc has arrived. */
  static void helloThenFirstRpc(InputStream in, OutputStream out) throws IOException {
    out.write(HELLO_11.getBytes(StandardCharsets.UTF_8));
    out.flush();
    ScriptedSshServer.skipPast(in, "]]>]]>"); // the client's hello
    ScriptedSshServer.skipPast(in, "message-id=");
  }

  private static void await(CountDownLatch latch) throws InterruptedException {
    if (!latch.await(60, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the test did not release the script");
    }
  }

  /** How an rpc failed; the generous bound only keeps a broken build from hanging. */
  private static NetconfException failureOf(CompletableFuture<?> rpc) {
    ExecutionException failed =
        Assertions.catchThrowableOfType(
            ExecutionException.class, () -> rpc.get(60, TimeUnit.SECONDS));
    assertThat(failed).as("the rpc failed").isNotNull();
    assertThat(failed.getCause()).isInstanceOf(NetconfException.class);
    return (NetconfException) failed.getCause();
  }

  /** Several rpcs on the healthy switch, each answered. */
  private void healthyAnswers(NetconfSession other) {
    for (int i = 0; i < 5; i++) {
      assertThat(other.get(null).getLocalName()).isEqualTo("data");
    }
  }

  @Test
  void aStreamOfRepliesWithUnknownIdsClosesOnlyThatSession() throws Exception {
    CountDownLatch firstBatchSent = new CountDownLatch(1);
    CountDownLatch sendMore = new CountDownLatch(1);
    ScriptedSshServer.Script flood =
        (in, out) -> {
          helloThenFirstRpc(in, out); // never answered: only replies to rpcs nobody sent
          for (int i = 0; i < 10; i++) {
            out.write(chunk(okReply(Integer.toString(9000 + i))));
          }
          out.flush();
          firstBatchSent.countDown();
          await(sendMore);
          for (int i = 10; i < 20; i++) {
            out.write(chunk(okReply(Integer.toString(9000 + i))));
          }
          out.flush();
        };
    try (ScriptedSshServer server = ScriptedSshServer.withPassword(hostKey, 2 << 20, flood);
        NetconfSession bad = client.connect(scripted("leaf-chatty", server), settings());
        NetconfSession other = client.connect(endpoint(healthy), settings())) {
      CompletableFuture<Element> unanswered = bad.rpcAsync("<get/>");
      assertThat(firstBatchSent.await(30, TimeUnit.SECONDS)).isTrue();

      healthyAnswers(other); // during: 10 unknown replies sent, below the limit of 16
      assertThat(bad.isOpen()).isTrue();
      assertThat(unanswered).isNotDone();

      sendMore.countDown();
      NetconfException e = failureOf(unanswered);
      assertThat(e.device()).isEqualTo("leaf-chatty");
      assertThat(e.getMessage())
          .startsWith("leaf-chatty: closing the session after 16 rpc-replies with unknown");
      assertThat(e.getCause()).isInstanceOf(ProtocolViolationException.class);
      assertThat(eventually(Duration.ofSeconds(10), () -> !bad.isOpen())).isTrue();

      healthyAnswers(other); // after
    }
  }

  @Test
  void anOversizedMessageClosesOnlyThatSession() throws Exception {
    long limit = ClientOptions.defaults().maxMessageSize();
    int chunkSize = 1 << 20;
    byte[] header = ("\n#" + chunkSize + "\n").getBytes(StandardCharsets.UTF_8);
    byte[] data = "x".repeat(chunkSize).getBytes(StandardCharsets.UTF_8);
    CountDownLatch halfSent = new CountDownLatch(1);
    CountDownLatch sendRest = new CountDownLatch(1);
    ScriptedSshServer.Script oversize =
        (in, out) -> {
          helloThenFirstRpc(in, out);
          // one reply in 1 MiB chunks, one more than the 16 MiB the client accepts
          for (int i = 0; i < limit / chunkSize + 1; i++) {
            if (i == 8) {
              out.flush();
              halfSent.countDown();
              await(sendRest);
            }
            out.write(header);
            out.write(data);
          }
          out.flush();
        };
    try (ScriptedSshServer server = ScriptedSshServer.withPassword(hostKey, 2 << 20, oversize);
        NetconfSession bad = client.connect(scripted("leaf-huge", server), settings());
        NetconfSession other = client.connect(endpoint(healthy), settings())) {
      CompletableFuture<Element> reply = bad.rpcAsync("<get/>");
      assertThat(halfSent.await(30, TimeUnit.SECONDS)).isTrue();

      healthyAnswers(other); // during: 8 MiB of the message sent
      assertThat(bad.isOpen()).isTrue();

      sendRest.countDown();
      NetconfException e = failureOf(reply);
      assertThat(e.device()).isEqualTo("leaf-huge");
      assertThat(e.getMessage()).contains("maximum size of " + limit);
      assertThat(e.getCause()).isInstanceOf(MessageTooLargeException.class);
      assertThat(eventually(Duration.ofSeconds(10), () -> !bad.isOpen())).isTrue();

      healthyAnswers(other); // after
    }
  }
}
