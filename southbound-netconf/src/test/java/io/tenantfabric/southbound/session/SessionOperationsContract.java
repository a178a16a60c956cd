package io.tenantfabric.southbound.session;

import static io.tenantfabric.southbound.testing.EmulatorSupport.endpoint;
import static io.tenantfabric.southbound.testing.EmulatorSupport.eventually;
import static io.tenantfabric.southbound.testing.EmulatorSupport.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tenantfabric.emulator.EmulatedDevice;
import io.tenantfabric.emulator.EmulatedFabric;
import io.tenantfabric.emulator.Profile;
import io.tenantfabric.southbound.protocol.ChunkedFraming;
import io.tenantfabric.southbound.protocol.EndOfMessageFraming;
import io.tenantfabric.southbound.protocol.NetconfException;
import io.tenantfabric.southbound.protocol.NetconfRpcException;
import io.tenantfabric.southbound.protocol.RpcError;
import io.tenantfabric.southbound.protocol.SecureXml;
import io.tenantfabric.southbound.testing.EmulatorSupport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;

/**
 * Operations every profile shares, run over real SSH against the emulator in both framings (chunked
 * when both sides offer base:1.1, end-of-message when the client offers only 1.0).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SessionOperationsContract {

  static final String DATA = "http://www.h3c.com/netconf/data:1.0";
  static final String CONFIG = "http://www.h3c.com/netconf/config:1.0";
  private static final AtomicInteger VSI = new AtomicInteger();

  EmulatedFabric fabric;
  NetconfClient chunkedClient;
  NetconfClient eomClient;
  EmulatedDevice leaf;

  abstract Profile profile();

  /** The datastore edits go to: running on Comware, candidate on RFC 6241. */
  abstract Datastore editTarget();

  /** Makes an edit of editTarget() take effect on running. */
  abstract void publish(NetconfSession s);

  @BeforeAll
  void startEmulator() {
    fabric = EmulatorSupport.startMini(profile());
    leaf = EmulatorSupport.firstLeaf(fabric);
    chunkedClient = new NetconfClient();
    eomClient = new NetconfClient(ClientOptions.defaults().withOfferBase11(false));
  }

  @AfterAll
  void stopEmulator() {
    chunkedClient.close();
    eomClient.close();
    fabric.close();
  }

  SshNetconfSession open(boolean chunked) {
    return (chunked ? chunkedClient : eomClient).open(endpoint(leaf), settings());
  }

  static String uniqueVsi() {
    return "t-it-" + VSI.incrementAndGet();
  }

  static String vsiConfig(String name, String operation) {
    return "<top xmlns=\""
        + CONFIG
        + "\"><L2VPN><VSIs><VSI xc:operation=\""
        + operation
        + "\"><VsiName>"
        + name
        + "</VsiName></VSI></VSIs></L2VPN></top>";
  }

  static String vsiFilter(String name) {
    return "<top xmlns=\""
        + CONFIG
        + "\"><L2VPN><VSIs><VSI><VsiName>"
        + name
        + "</VsiName></VSI></VSIs></L2VPN></top>";
  }

  static String text(Element e) {
    return SecureXml.toString(e);
  }

  @ParameterizedTest(name = "chunked={0}")
  @ValueSource(booleans = {true, false})
  void helloNegotiatesTheFramingAndReportsSessionAndCapabilities(boolean chunked) {
    try (SshNetconfSession s = open(chunked)) {
      assertThat(s.framing())
          .isInstanceOf(chunked ? ChunkedFraming.class : EndOfMessageFraming.class);
      assertThat(s.sessionId()).matches("[1-9][0-9]*");
      assertThat(s.device()).isEqualTo(leaf.name());
      assertThat(s.serverCapabilities()).contains("urn:ietf:params:netconf:base:1.0");
      assertThat(s.tcpNoDelay()).isTrue();
      // preferred over MINA's first choice, pure-Java chacha20-poly1305 (SshConnector)
      assertThat(s.cipher()).isEqualTo("aes128-gcm@openssh.com");
    }
  }

  @ParameterizedTest(name = "chunked={0}")
  @ValueSource(booleans = {true, false})
  void getWithASubtreeFilterReturnsTheMatchingInterface(boolean chunked) {
    try (NetconfSession s = open(chunked)) {
      Element data =
          s.get(
              "<top xmlns=\""
                  + DATA
                  + "\"><Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/5</Name>"
                  + "</Interface></Interfaces></Ifmgr></top>");
      assertThat(data.getLocalName()).isEqualTo("data");
      assertThat(text(data)).contains("FourHundredGigE1/0/5").contains("IfIndex");
      assertThat(text(data)).doesNotContain("FourHundredGigE1/0/6<");
    }
  }

  @ParameterizedTest(name = "chunked={0}")
  @ValueSource(booleans = {true, false})
  void editConfigThenGetConfigShowsTheChangeOnRunning(boolean chunked) {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(chunked)) {
      s.editConfig(editTarget(), vsiConfig(vsi, "merge"), EditConfigOptions.defaults());
      publish(s);
      Element data = s.getConfig(Datastore.RUNNING, vsiFilter(vsi));
      assertThat(text(data)).contains(vsi);
      assertThat(leaf.runningXml()).contains(vsi);

      s.editConfig(editTarget(), vsiConfig(vsi, "delete"), EditConfigOptions.defaults());
      publish(s);
      assertThat(leaf.runningXml()).doesNotContain(vsi);
    }
  }

  @Test
  void editConfigTestOnlyChangesNothingAndRemoveOfAMissingRowIsANoOp() {
    String vsi = uniqueVsi();
    try (NetconfSession s = open(true)) {
      s.editConfig(
          editTarget(),
          vsiConfig(vsi, "merge"),
          EditConfigOptions.defaults()
              .withTestOption(TestOption.TEST_ONLY)
              .withErrorOption(ErrorOption.STOP_ON_ERROR));
      publish(s);
      assertThat(leaf.runningXml()).doesNotContain(vsi);

      s.editConfig(
          editTarget(),
          vsiConfig(vsi, "remove"),
          EditConfigOptions.defaults().withDefaultOperation(DefaultOperation.NONE));
      assertThat(leaf.runningXml()).doesNotContain(vsi);
    }
  }

  @Test
  void aRejectedEditNamesTheSwitchCarriesTheDeviceTextAndChangesNothing() {
    try (NetconfSession s = open(true)) {
      String before = leaf.runningXml();
      NetconfRpcException e =
          catchThrowableOfType(
              NetconfRpcException.class,
              () ->
                  s.editConfig(
                      editTarget(),
                      vsiConfig("t-a-name-that-is-far-too-long-for-comware-31", "create"),
                      EditConfigOptions.defaults()));
      assertThat(e.device()).isEqualTo(leaf.name());
      assertThat(e.getMessage()).startsWith(leaf.name() + ": ");
      assertThat(e.errors()).isNotEmpty();
      RpcError first = e.errors().get(0);
      assertThat(first.tag()).isNotBlank();
      assertThat(first.message()).isNotBlank();
      assertThat(e.getMessage()).contains(first.message());
      assertThat(leaf.runningXml()).isEqualTo(before);
    }
  }

  @Test
  void aDeleteOfAMissingRowIsDataMissing() {
    try (NetconfSession s = open(true)) {
      NetconfRpcException e =
          catchThrowableOfType(
              NetconfRpcException.class,
              () ->
                  s.editConfig(
                      editTarget(),
                      vsiConfig("t-never-there", "delete"),
                      EditConfigOptions.defaults()));
      assertThat(e.hasTag("data-missing")).as(e.getMessage()).isTrue();
    }
  }

  @Test
  void secondSessionGetsLockDeniedNamingTheFirstSession() {
    try (NetconfSession first = open(true);
        NetconfSession second = open(false)) {
      first.lock(Datastore.RUNNING);
      NetconfRpcException denied =
          catchThrowableOfType(NetconfRpcException.class, () -> second.lock(Datastore.RUNNING));
      assertThat(denied.device()).isEqualTo(leaf.name());
      assertThat(denied.hasTag("lock-denied")).isTrue();
      assertThat(denied.errors().get(0).sessionId()).contains(first.sessionId());
      assertThat(denied.getMessage()).contains("lock");

      NetconfRpcException notHolder =
          catchThrowableOfType(NetconfRpcException.class, () -> second.unlock(Datastore.RUNNING));
      assertThat(notHolder.hasTag("operation-failed")).as(notHolder.getMessage()).isTrue();

      first.unlock(Datastore.RUNNING);
      second.lock(Datastore.RUNNING);
      second.unlock(Datastore.RUNNING);
    }
  }

  @Test
  void closingTheHolderReleasesItsLock() {
    NetconfSession holder = open(true);
    holder.lock(Datastore.RUNNING);
    holder.close();
    assertThat(holder.isOpen()).isFalse();
    try (NetconfSession other = open(true)) {
      assertThat(
              eventually(
                  Duration.ofSeconds(5),
                  () -> {
                    try {
                      other.lock(Datastore.RUNNING);
                      return true;
                    } catch (NetconfRpcException e) {
                      return false;
                    }
                  }))
          .isTrue();
      other.unlock(Datastore.RUNNING);
    }
  }

  @Test
  void validateRunningSucceeds() {
    try (NetconfSession s = open(true)) {
      assertThatCode(() -> s.validate(Datastore.RUNNING)).doesNotThrowAnyException();
      assertThat(s.isOpen()).as("the session goes on after a validate").isTrue();
    }
  }

  @Test
  void killSessionEndsTheOtherSessionAndRefusesOwn() {
    NetconfSession victim = open(true);
    try (NetconfSession killer = open(false)) {
      victim.lock(Datastore.RUNNING);
      NetconfRpcException own =
          catchThrowableOfType(
              NetconfRpcException.class, () -> killer.killSession(killer.sessionId()));
      assertThat(own.hasTag("invalid-value")).as(own.getMessage()).isTrue();

      killer.killSession(victim.sessionId());
      assertThat(eventually(Duration.ofSeconds(5), () -> !victim.isOpen())).isTrue();
      NetconfException afterKill =
          catchThrowableOfType(NetconfException.class, () -> victim.get(null));
      assertThat(afterKill.device()).isEqualTo(leaf.name());
      // the killed session's lock is gone
      killer.lock(Datastore.RUNNING);
      killer.unlock(Datastore.RUNNING);
    } finally {
      victim.close();
    }
  }

  @Test
  void manyRpcsInFlightOnOneSessionAreCorrelatedByMessageId() {
    try (NetconfSession s = open(true)) {
      List<CompletableFuture<Element>> replies = new ArrayList<>();
      for (int port = 1; port <= 48; port++) {
        replies.add(
            s.rpcAsync(
                "<get><filter type=\"subtree\"><top xmlns=\""
                    + DATA
                    + "\"><Ifmgr><Interfaces><Interface><Name>FourHundredGigE1/0/"
                    + port
                    + "</Name></Interface></Interfaces></Ifmgr></top></filter></get>"));
      }
      for (int port = 1; port <= 48; port++) {
        String reply = text(replies.get(port - 1).join());
        assertThat(reply).contains("<Name>FourHundredGigE1/0/" + port + "</Name>");
      }
    }
  }

  @Test
  void rawRpcReturnsTheReplyAndUnknownOperationsGetTheDevicesError() {
    try (NetconfSession s = open(true)) {
      Element reply = s.rpc("<get-sessions/>");
      assertThat(reply.getLocalName()).isEqualTo("rpc-reply");
      NetconfRpcException e =
          catchThrowableOfType(NetconfRpcException.class, () -> s.rpc("<get-sessionss/>"));
      assertThat(e.hasTag("unknown-element")).isTrue();
      assertThat(e.errors().get(0).badElement()).contains("get-sessionss");
    }
  }

  @Test
  void saveKeepsRunningAcrossARestartWithAndWithoutAFile() {
    String saved = uniqueVsi();
    String unsaved = uniqueVsi();
    try (NetconfSession s = open(true)) {
      s.editConfig(editTarget(), vsiConfig(saved, "merge"), EditConfigOptions.defaults());
      publish(s);
      s.save(null);
      s.save("it-backup.cfg");
      s.editConfig(editTarget(), vsiConfig(unsaved, "merge"), EditConfigOptions.defaults());
      publish(s);
    }
    // the switch comes back with its startup configuration: what the save wrote, nothing after
    leaf.stop();
    leaf.start();
    try (NetconfSession s = open(true)) {
      assertThat(text(s.getConfig(Datastore.RUNNING, vsiFilter(saved)))).contains(saved);
      assertThat(text(s.getConfig(Datastore.RUNNING, vsiFilter(unsaved)))).doesNotContain(unsaved);
    }
  }

  @Test
  void closeEndsTheSession() {
    NetconfSession s = open(false);
    assertThat(s.isOpen()).isTrue();
    s.close();
    assertThat(s.isOpen()).isFalse();
    NetconfException e = catchThrowableOfType(NetconfException.class, () -> s.get(null));
    assertThat(e).hasMessageContaining("closed");
  }
}
