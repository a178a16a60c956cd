package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.endpoint;
import static io.tenantfabric.southbound.testing.EmulatorSupport.eventually;
import static io.tenantfabric.southbound.testing.EmulatorSupport.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfTimeoutException;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import io.tenantfabric.southbound.transport.HostKeyFingerprint;
import io.tenantfabric.southbound.transport.HostKeyPolicy;
import io.tenantfabric.southbound.transport.HostKeyRejectedException;
import io.tenantfabric.southbound.transport.SshAuthenticationException;
import io.tenantfabric.southbound.transport.SshClientOptions;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/** Host-key policies, authentication, timeouts and broken peers over real SSH. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TransportIT {

  private static final String HELLO =
      "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
          + "<capability>urn:ietf:params:netconf:base:1.0</capability>"
          + "<capability>urn:ietf:params:netconf:base:1.1</capability></capabilities>"
          + "<session-id>4</session-id></hello>]]>]]>";

  @TempDir Path dir;

  EmulatedFabric fabric;
  NetconfClient client;
  EmulatedDevice leaf;
  EmulatedDevice spine;

  @BeforeAll
  void start() {
    fabric = EmulatorSupport.startMini(Profile.COMWARE7);
    leaf = EmulatorSupport.firstLeaf(fabric);
    spine =
        fabric.devices().stream().filter(d -> !d.role().equals("LEAF")).findFirst().orElseThrow();
    client = new NetconfClient();
  }

  @AfterAll
  void stop() {
    client.close();
    fabric.close();
  }

  private static DeviceEndpoint withFingerprint(EmulatedDevice d, String fingerprint) {
    return new DeviceEndpoint(d.name(), d.host(), d.port(), "admin", "admin", fingerprint);
  }

  @Test
  void pinnedHostKeyMismatchIsRefusedNamingBothKeys() {
    DeviceEndpoint wrong = withFingerprint(leaf, spine.hostKeySha256());
    HostKeyRejectedException e =
        catchThrowableOfType(
            HostKeyRejectedException.class, () -> client.connect(wrong, settings()));
    assertThat(e.device()).isEqualTo(leaf.name());
    assertThat(e.getMessage())
        .contains(leaf.hostKeySha256())
        .contains(spine.hostKeySha256())
        .startsWith(leaf.name() + ": host key refused");
  }

  @Test
  void anEndpointWithoutFingerprintIsRefusedByDefault() {
    HostKeyRejectedException e =
        catchThrowableOfType(
            HostKeyRejectedException.class,
            () -> client.connect(withFingerprint(leaf, null), settings()));
    assertThat(e.getMessage()).contains("no pinned fingerprint");
  }

  @Test
  void explicitlyPinnedSetAndAcceptAnyConnect() {
    SessionSettings pinned =
        settings().withHostKeys(HostKeyPolicy.pinned(Set.of(leaf.hostKeySha256())));
    try (NetconfSession s = client.connect(withFingerprint(leaf, null), pinned)) {
      assertThat(s.isOpen()).isTrue();
    }
    SessionSettings any = settings().withHostKeys(HostKeyPolicy.acceptAnyInsecure());
    try (NetconfSession s = client.connect(withFingerprint(leaf, null), any)) {
      assertThat(s.isOpen()).isTrue();
    }
  }

  @Test
  void knownHostsAcceptsTheListedKeyAndRefusesAnyOther() throws Exception {
    PublicKey leafKey = scanHostKey(leaf);
    assertThat(HostKeyFingerprint.of(leafKey)).isEqualTo(leaf.hostKeySha256());
    Path knownHosts = dir.resolve("known_hosts");
    Files.writeString(
        knownHosts,
        "[" + leaf.host() + "]:" + leaf.port() + " " + PublicKeyEntry.toString(leafKey) + "\n");
    SessionSettings policy = settings().withHostKeys(HostKeyPolicy.knownHosts(knownHosts));

    try (NetconfSession s = client.connect(withFingerprint(leaf, null), policy)) {
      assertThat(s.isOpen()).isTrue();
    }
    // the spine is not in the file
    HostKeyRejectedException e =
        catchThrowableOfType(
            HostKeyRejectedException.class,
            () -> client.connect(withFingerprint(spine, null), policy));
    assertThat(e.getMessage()).contains("not listed").contains(knownHosts.toString());

    // the leaf listed with another key (a changed host key) is refused too
    Path changed = dir.resolve("known_hosts_changed");
    Files.writeString(
        changed,
        "["
            + leaf.host()
            + "]:"
            + leaf.port()
            + " "
            + PublicKeyEntry.toString(scanHostKey(spine))
            + "\n");
    SessionSettings changedPolicy = settings().withHostKeys(HostKeyPolicy.knownHosts(changed));
    catchThrowableOfType(
        HostKeyRejectedException.class,
        () -> client.connect(withFingerprint(leaf, null), changedPolicy));
  }

  @Test
  void aWrongPasswordIsAnAuthenticationFailureNamingTheSwitch() {
    DeviceEndpoint wrong =
        new DeviceEndpoint(
            leaf.name(),
            leaf.host(),
            leaf.port(),
            "admin",
            "not-the-password",
            leaf.hostKeySha256());
    SshAuthenticationException e =
        catchThrowableOfType(
            SshAuthenticationException.class, () -> client.connect(wrong, settings()));
    assertThat(e.device()).isEqualTo(leaf.name());
    assertThat(e.getMessage()).contains("authentication failed as admin");
  }

  @Test
  void aClosedPortFailsFastNamingTheSwitch() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    DeviceEndpoint nothing =
        new DeviceEndpoint("leaf-99", "127.0.0.1", closedPort, "admin", "admin", null);
    NetconfException e =
        catchThrowableOfType(NetconfException.class, () -> client.connect(nothing, settings()));
    assertThat(e.device()).isEqualTo("leaf-99");
    assertThat(e).isNotInstanceOf(NetconfTimeoutException.class);
  }

  @Test
  void connectTimeoutFiresWhenTheListenerNeverCompletesTheHandshake() throws Exception {
    // A listener whose accept queue is full: Linux drops further SYNs, so TCP connect hangs.
    try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      List<Socket> fillers = new ArrayList<>();
      try {
        for (int i = 0; i < 4; i++) {
          Socket f = new Socket();
          try {
            f.connect(full.getLocalSocketAddress(), 300);
            fillers.add(f);
          } catch (SocketTimeoutException queueAlreadyFull) {
            f.close();
          }
        }
        DeviceEndpoint stuck =
            new DeviceEndpoint("leaf-stuck", "127.0.0.1", full.getLocalPort(), "a", "b", null);
        SessionSettings quick =
            settings()
                .withTimeouts(Duration.ofMillis(600), Duration.ofSeconds(5), Duration.ofSeconds(5));
        NetconfTimeoutException e =
            catchThrowableOfType(NetconfTimeoutException.class, () -> client.connect(stuck, quick));
        assertThat(e.device()).isEqualTo("leaf-stuck");
        assertThat(e.step()).startsWith("connect to a@127.0.0.1:");
        assertThat(e.timeout()).isEqualTo(Duration.ofMillis(600));
      } finally {
        for (Socket f : fillers) {
          f.close();
        }
      }
    }
  }

  @Test
  void authTimeoutFiresWhenThePeerNeverSpeaksSsh() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                try (Socket ignored = silent.accept()) {
                  ignored.getInputStream().readAllBytes();
                } catch (IOException e) {
                  // the test closes the socket when it is done
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      DeviceEndpoint mute =
          new DeviceEndpoint("leaf-mute", "127.0.0.1", silent.getLocalPort(), "a", "b", null);
      SessionSettings quick =
          settings()
              .withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(700), Duration.ofSeconds(5));
      NetconfTimeoutException e =
          catchThrowableOfType(NetconfTimeoutException.class, () -> client.connect(mute, quick));
      assertThat(e.device()).isEqualTo("leaf-mute");
      assertThat(e.step()).isEqualTo("auth");
      assertThat(e.timeout()).isEqualTo(Duration.ofMillis(700));
    }
  }

  @Test
  void rpcTimeoutFiresAndTheSessionStaysUsable() {
    SessionSettings fast = settings().withRpcTimeout(Duration.ofMillis(300));
    try (NetconfSession s = client.connect(endpoint(leaf), fast)) {
      leaf.injectFault(new Fault(FaultType.DELAY, 1, 1500));
      NetconfTimeoutException e =
          catchThrowableOfType(NetconfTimeoutException.class, () -> s.get(null));
      assertThat(e.device()).isEqualTo(leaf.name());
      assertThat(e.step()).startsWith("rpc get");
      leaf.clearFaults();
      assertThat(s.isOpen()).isTrue();
      // the late reply is dropped by message-id; later rpcs still correlate
      assertThat(
              eventually(
                  Duration.ofSeconds(10),
                  () -> {
                    try {
                      return s.rpc("<get-sessions/>") != null;
                    } catch (NetconfTimeoutException retry) {
                      return false;
                    }
                  }))
          .isTrue();
    } finally {
      leaf.clearFaults();
    }
  }

  @Test
  void aPipelinedRpcsTimeoutRunsFromTheAnswerAheadOfIt() {
    // the switch takes rpcs one at a time, 250 ms each: the fifth of five sent at once is answered
    // 1.25 s after it was sent, but only 250 ms after the switch could start on it
    SessionSettings fast = settings().withRpcTimeout(Duration.ofMillis(700));
    try (NetconfSession s = client.connect(endpoint(leaf), fast)) {
      leaf.injectFault(Fault.delay(250));
      List<PendingReply> replies = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        replies.add(s.send(Rpcs.get((String) null)));
      }
      for (PendingReply r : replies) {
        assertThat(r.data().getLocalName()).isEqualTo("data");
      }
      leaf.injectFault(Fault.delay(1_500)); // one rpc alone still times out on its own clock
      NetconfTimeoutException e =
          catchThrowableOfType(NetconfTimeoutException.class, () -> s.get(null));
      assertThat(e.timeout()).isEqualTo(Duration.ofMillis(700));
    } finally {
      leaf.clearFaults();
    }
  }

  @Test
  void aSessionKeepsNoReplyAliveOnceItIsAnswered() {
    // a read-back can be a leaf's whole config, and the controller keeps a session per switch
    try (NetconfSession s = client.connect(endpoint(leaf), settings())) {
      WeakReference<Element> reply = new WeakReference<>(s.get((String) null));
      await()
          .alias("the answered reply, after full collections")
          .atMost(Duration.ofSeconds(1))
          .pollInterval(Duration.ofMillis(50))
          .until(
              () -> {
                System.gc();
                return reply.get() == null;
              });
      assertThat(reply.get()).as("the answered reply, after full collections").isNull();
      assertThat(s.isOpen()).isTrue();
    }
  }

  @Test
  void aReplyAboveTheMaximumMessageSizeClosesTheSession() {
    try (NetconfClient small =
            new NetconfClient(ClientOptions.defaults().withMaxMessageSize(4096));
        NetconfSession s = small.connect(endpoint(leaf), settings())) {
      // one interface row fits; the whole unfiltered state of 64 ports does not
      s.get(
          "<top xmlns=\"http://www.h3c.com/netconf/data:1.0\"><Ifmgr><Interfaces><Interface>"
              + "<Name>FourHundredGigE1/0/1</Name></Interface></Interfaces></Ifmgr></top>");
      NetconfException e = catchThrowableOfType(NetconfException.class, () -> s.get(null));
      assertThat(e.device()).isEqualTo(leaf.name());
      assertThat(e.getMessage()).contains("maximum size of 4096");
      assertThat(s.isOpen()).isFalse();
    }
  }

  @Test
  void publicKeyAuthenticationWorks() throws Exception {
    KeyPair hostKey = ScriptedSshServer.newKeyPair();
    KeyPair clientKey = ScriptedSshServer.newKeyPair();
    try (ScriptedSshServer server = ScriptedSshServer.start(hostKey, clientKey.getPublic(), HELLO);
        NetconfClient keyClient =
            new NetconfClient(
                ClientOptions.defaults()
                    .withSsh(SshClientOptions.defaults().withIdentity(clientKey)))) {
      DeviceEndpoint ep =
          new DeviceEndpoint(
              "leaf-key",
              "127.0.0.1",
              server.port(),
              "admin",
              null,
              HostKeyFingerprint.of(hostKey.getPublic()));
      try (NetconfSession s = keyClient.connect(ep, settings())) {
        assertThat(s.sessionId()).isEqualTo("4");
      }
      // without the key the same server refuses the client
      SshAuthenticationException e =
          catchThrowableOfType(
              SshAuthenticationException.class, () -> client.connect(ep, settings()));
      assertThat(e.device()).isEqualTo("leaf-key");
    }
  }

  @Test
  void helloTimeoutFiresWhenTheServerSendsNoHello() throws Exception {
    KeyPair hostKey = ScriptedSshServer.newKeyPair();
    KeyPair clientKey = ScriptedSshServer.newKeyPair();
    try (ScriptedSshServer server = ScriptedSshServer.start(hostKey, clientKey.getPublic(), "");
        NetconfClient keyClient =
            new NetconfClient(
                ClientOptions.defaults()
                    .withSsh(SshClientOptions.defaults().withIdentity(clientKey)))) {
      DeviceEndpoint ep =
          new DeviceEndpoint(
              "leaf-quiet",
              "127.0.0.1",
              server.port(),
              "admin",
              null,
              HostKeyFingerprint.of(hostKey.getPublic()));
      SessionSettings quick =
          settings()
              .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofMillis(800));
      NetconfTimeoutException e =
          catchThrowableOfType(NetconfTimeoutException.class, () -> keyClient.connect(ep, quick));
      assertThat(e.step()).isEqualTo("hello");
      assertThat(e.device()).isEqualTo("leaf-quiet");
    }
  }

  @Test
  void brokenChunkFramingAfterTheHelloClosesTheSession() throws Exception {
    KeyPair hostKey = ScriptedSshServer.newKeyPair();
    KeyPair clientKey = ScriptedSshServer.newKeyPair();
    // a chunk size with a leading zero right after a base:1.1 hello
    try (ScriptedSshServer server =
            ScriptedSshServer.start(
                hostKey, clientKey.getPublic(), HELLO + "\n#012\n<rpc-reply/>");
        NetconfClient keyClient =
            new NetconfClient(
                ClientOptions.defaults()
                    .withSsh(SshClientOptions.defaults().withIdentity(clientKey)))) {
      DeviceEndpoint ep =
          new DeviceEndpoint(
              "leaf-broken",
              "127.0.0.1",
              server.port(),
              "admin",
              null,
              HostKeyFingerprint.of(hostKey.getPublic()));
      // The broken chunk can close the channel before the client's own hello is written, so the
      // failure may already surface from connect(); either way it names the switch.
      NetconfException e =
          catchThrowableOfType(
              NetconfException.class,
              () -> {
                NetconfSession s = keyClient.connect(ep, settings());
                assertThat(eventually(Duration.ofSeconds(5), () -> !s.isOpen())).isTrue();
                s.get(null);
              });
      assertThat(e).isNotNull();
      assertThat(e.device()).isEqualTo("leaf-broken");
    }
  }

  /** Reads a device's host key the way ssh-keyscan would, refusing to log in. */
  private static PublicKey scanHostKey(EmulatedDevice d) throws Exception {
    AtomicReference<PublicKey> seen = new AtomicReference<>();
    SshClient scanner = SshClient.setUpDefaultClient();
    scanner.setServerKeyVerifier(
        (session, remote, key) -> {
          seen.set(key);
          return false;
        });
    scanner.start();
    try (ClientSession s =
        scanner.connect("admin", d.host(), d.port()).verify(Duration.ofSeconds(20)).getSession()) {
      s.addPasswordIdentity("admin");
      s.auth().await(Duration.ofSeconds(20));
    } finally {
      scanner.stop();
    }
    assertThat(seen.get()).isNotNull();
    return seen.get();
  }
}
