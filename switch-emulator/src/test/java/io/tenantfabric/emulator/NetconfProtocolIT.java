package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tenantfabric.emulator.fault.Fault;
import io.tenantfabric.emulator.fault.FaultType;
import io.tenantfabric.emulator.framing.FrameMode;
import io.tenantfabric.emulator.support.RawNetconfClient;
import io.tenantfabric.emulator.topology.FabricLayouts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every operation over real SSH against the comware7 and rfc6241 profiles. */
class NetconfProtocolIT {
  static EmulatedFabric comware;
  static EmulatedFabric rfc;

  static final String VSI_EDIT =
      "<edit-config><target><running/></target><config><top xmlns=\"http://www.h3c.com/netconf/config:1.0\">"
          + "<L2VPN><VSIs><VSI><VsiName>t-acme</VsiName></VSI></VSIs></L2VPN>"
          + "<VXLAN><VXLANs><Vxlan><VxlanID>10005</VxlanID><VsiName>t-acme</VsiName></Vxlan></VXLANs></VXLAN>"
          + "</top></config></edit-config>";
  static final String LOCK = "<lock><target><running/></target></lock>";
  static final String UNLOCK = "<unlock><target><running/></target></unlock>";

  @BeforeAll
  static void start() {
    comware =
        EmulatedFabric.start(
            EmulatorOptions.builder().preset(FabricLayouts.MINI).leavesOnly(true).build());
    rfc =
        EmulatedFabric.start(
            EmulatorOptions.builder()
                .preset(FabricLayouts.MINI)
                .leavesOnly(true)
                .profile(Profile.RFC6241)
                .build());
  }

  @AfterAll
  static void stop() {
    comware.close();
    rfc.close();
  }

  @AfterEach
  void reset() {
    for (EmulatedFabric f : List.of(comware, rfc)) {
      for (EmulatedDevice d : f.devices()) {
        d.clearFaults();
        d.stop();
        d.start();
      }
    }
  }

  EmulatedDevice leaf() {
    return comware.device("leaf-01");
  }

  @Test
  void getConfigEditAndReadBackInBothFramings() throws Exception {
    for (boolean chunked : List.of(true, false)) {
      reset();
      try (RawNetconfClient c = RawNetconfClient.connect(leaf(), "admin", "admin", chunked)) {
        assertThat(c.mode()).isEqualTo(chunked ? FrameMode.CHUNKED : FrameMode.END_OF_MESSAGE);
        assertThat(c.rpc(VSI_EDIT)).contains("<ok/>");
        String reply =
            c.rpc(
                "<get-config><source><running/></source><filter type=\"subtree\">"
                    + "<top xmlns=\"http://www.h3c.com/netconf/config:1.0\"><VXLAN/></top></filter></get-config>");
        assertThat(reply)
            .contains(
                "<data><top xmlns=\"http://www.h3c.com/netconf/config:1.0\"><VXLAN><VXLANs><Vxlan><VxlanID>10005</VxlanID>");
      }
    }
  }

  @Test
  void replyEchoesRpcAttributesAndMissingMessageIdIsAnError() throws Exception {
    try (RawNetconfClient c = RawNetconfClient.connect(leaf())) {
      c.send(
          "<rpc message-id=\"7\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" foo=\"bar\"><get/></rpc>");
      assertThat(c.next()).contains("message-id=\"7\"").contains("foo=\"bar\"").contains("<Ifmgr>");
      c.send("<rpc xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><get/></rpc>");
      assertThat(c.next())
          .contains("<error-tag>missing-attribute</error-tag>")
          .contains("<bad-attribute>message-id</bad-attribute><bad-element>rpc</bad-element>");
      c.send(
          "<!DOCTYPE rpc [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
              + "<rpc message-id=\"8\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><get>&x;</get></rpc>");
      assertThat(c.next())
          .contains("<error-tag>malformed-message</error-tag>")
          .doesNotContain("root:");
      assertThat(c.rpc("<get-sessions/>")).contains("<SessionID>" + c.sessionId() + "</SessionID>");
    }
  }

  @Test
  void unknownOperationAndCommitOnComwareAreUnknownElement() throws Exception {
    try (RawNetconfClient c = RawNetconfClient.connect(leaf())) {
      assertThat(c.rpc("<get-sessionss/>"))
          .contains("<error-type>rpc</error-type><error-tag>unknown-element</error-tag>")
          .contains(
              "<error-message xml:lang=\"en\">Unexpected element 'urn:ietf:params:xml:ns:netconf:base:1.0':'get-sessionss' under element '/rpc</error-message>")
          .contains("<bad-element>get-sessionss</bad-element>");
      assertThat(c.rpc("<commit/>")).contains("unknown-element").contains("'commit'");
      assertThat(c.rpc("<edit-config><target><candidate/></target><config/></edit-config>"))
          .contains("unknown-element")
          .contains("'candidate' under element '/rpc/edit-config[1]/target[1]");
    }
  }

  @Test
  void secondSessionGetsLockDeniedNamingTheFirstAndLockIsReleasedOnDisconnect() throws Exception {
    RawNetconfClient a = RawNetconfClient.connect(leaf());
    try (RawNetconfClient b = RawNetconfClient.connect(leaf())) {
      assertThat(a.rpc(LOCK)).contains("<ok/>");
      assertThat(b.rpc(LOCK))
          .contains("<error-tag>lock-denied</error-tag>")
          .contains("Lock failed because the NETCONF lock is held by another session.")
          .contains("<session-id>" + a.sessionId() + "</session-id>");
      assertThat(b.rpc(VSI_EDIT)).contains("access-denied");
      assertThat(b.rpc(UNLOCK)).contains("operation-failed").contains("Unlock Failed");
      a.kill();
      await()
          .alias("b gets the lock once a is gone")
          .atMost(Duration.ofSeconds(10))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> rpcQuietly(b, LOCK).contains("<ok/>"));
      assertThat(b.rpc(UNLOCK)).contains("<ok/>");
    }
  }

  static String rpcQuietly(RawNetconfClient c, String op) {
    try {
      return c.rpc(op);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void clientKilledMidTransactionLeavesTheRunningConfigAsBefore() throws Exception {
    String before = leaf().runningXml();
    RawNetconfClient a = RawNetconfClient.connect(leaf());
    assertThat(a.rpc(LOCK)).contains("<ok/>");
    assertThat(
            a.rpc("<save-point><begin><confirm-timeout>120</confirm-timeout></begin></save-point>"))
        .contains("<ok/>");
    assertThat(a.rpc("<save-point><commit><label>pre</label></commit></save-point>"))
        .contains("<save-point><commit><commit-id>2</commit-id></commit></save-point>");
    assertThat(a.rpc(VSI_EDIT)).contains("<ok/>");
    assertThat(leaf().runningXml()).contains("t-acme");
    a.kill();
    await()
        .alias("running config back as before the killed client's edit")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> leaf().runningXml().equals(before));
  }

  @Test
  void dropSessionFaultDropsTheConnectionAndTheSavePointRollsBack() throws Exception {
    String before = leaf().runningXml();
    leaf().injectFault(Fault.once(FaultType.DROP_SESSION_MID_TRANSACTION));
    try (RawNetconfClient a = RawNetconfClient.connect(leaf())) {
      a.rpc(LOCK);
      a.rpc("<save-point><begin><confirm-timeout>120</confirm-timeout></begin></save-point>");
      a.send(
          "<rpc message-id=\"900\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
              + VSI_EDIT
              + "</rpc>");
      assertThat(a.awaitClosed(Duration.ofSeconds(10))).isTrue();
    }
    await()
        .alias("running config back as before the dropped session's edit")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> leaf().runningXml().equals(before));
  }

  @Test
  void killSessionAndCloseSession() throws Exception {
    RawNetconfClient a = RawNetconfClient.connect(leaf());
    try (RawNetconfClient b = RawNetconfClient.connect(leaf())) {
      assertThat(
              b.rpc("<kill-session><session-id>" + b.sessionId() + "</session-id></kill-session>"))
          .contains("invalid-value");
      assertThat(
              b.rpc("<kill-session><session-id>" + a.sessionId() + "</session-id></kill-session>"))
          .contains("<ok/>");
      assertThat(a.awaitClosed(Duration.ofSeconds(10))).isTrue();
      assertThat(b.rpc("<close-session/>")).contains("<ok/>");
      assertThat(b.awaitClosed(Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void malformedChunkFramingGetsMalformedMessageThenClose() throws Exception {
    try (RawNetconfClient c = RawNetconfClient.connect(leaf())) {
      c.sendRaw("\n#zz\n".getBytes(StandardCharsets.US_ASCII));
      assertThat(c.next()).contains("malformed-message");
      assertThat(c.awaitClosed(Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void cliOverNetconfEchoesErrorsButSucceedsAndRefuseL2vpnForcesIt() throws Exception {
    leaf().injectFault(Fault.always(FaultType.REFUSE_L2VPN_XML));
    try (RawNetconfClient c = RawNetconfClient.connect(leaf())) {
      assertThat(c.rpc(VSI_EDIT))
          .contains(
              "Unexpected element 'http://www.h3c.com/netconf/config:1.0':'L2VPN' under element '/rpc/edit-config[1]/config[1]/top[1]</error-message>");
      String echo =
          c.rpc(
              "<CLI><Configuration exec-use-channel=\"false\">vsi t-acme\n vxlan 10005\n bogus\n quit</Configuration></CLI>");
      assertThat(echo)
          .contains(
              "<CLI xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><Configuration><![CDATA[")
          .contains("% Unrecognized command found at '^' position.")
          .doesNotContain("rpc-error");
      assertThat(c.rpc("<CLI><Execution>display current-configuration</Execution></CLI>"))
          .contains("vsi t-acme\n vxlan 10005\n#");
    }
    assertThat(leaf().runningXml()).contains("<VxlanID>10005</VxlanID>");
  }

  @Test
  void getBulkAndDelayFault() throws Exception {
    leaf().injectFault(new Fault(FaultType.DELAY, 1, 50));
    try (RawNetconfClient c = RawNetconfClient.connect(leaf())) {
      String r =
          c.rpc(
              "<get-bulk><filter type=\"subtree\"><top xmlns=\"http://www.h3c.com/netconf/data:1.0\""
                  + " xmlns:xc=\"http://www.h3c.com/netconf/base:1.0\"><Ifmgr><Interfaces xc:count=\"2\"><Interface>"
                  + "<IfIndex>62</IfIndex></Interface></Interfaces></Ifmgr></top></filter></get-bulk>");
      assertThat(r)
          .contains("<IfIndex>63</IfIndex>", "<IfIndex>64</IfIndex>")
          .doesNotContain("<IfIndex>62</IfIndex>");
    }
  }

  @Test
  void rfc6241CandidateConfirmedCommitAndCancel() throws Exception {
    EmulatedDevice d = rfc.device("leaf-01");
    try (RawNetconfClient c = RawNetconfClient.connect(d)) {
      assertThat(c.serverHello())
          .contains(":candidate:1.0", ":confirmed-commit:1.1")
          .doesNotContain("save-point");
      assertThat(c.rpc("<lock><target><candidate/></target></lock>")).contains("<ok/>");
      assertThat(c.rpc(VSI_EDIT.replace("<running/>", "<candidate/>"))).contains("<ok/>");
      assertThat(c.rpc("<validate><source><candidate/></source></validate>")).contains("<ok/>");
      assertThat(d.runningXml()).doesNotContain("t-acme");
      assertThat(
              c.rpc(
                  "<commit><confirmed/><confirm-timeout>60</confirm-timeout><persist>p1</persist></commit>"))
          .contains("<ok/>");
      assertThat(d.runningXml()).contains("t-acme");
      assertThat(c.rpc("<cancel-commit><persist-id>p1</persist-id></cancel-commit>"))
          .contains("<ok/>");
      assertThat(d.runningXml()).doesNotContain("t-acme");
      assertThat(c.rpc(VSI_EDIT.replace("<running/>", "<candidate/>"))).contains("<ok/>");
      assertThat(c.rpc("<commit/>")).contains("<ok/>");
      assertThat(d.runningXml()).contains("t-acme");
      assertThat(c.rpc("<discard-changes/>")).contains("<ok/>");
      assertThat(c.rpc("<save-point><end/></save-point>")).contains("unknown-element");
      assertThat(c.rpc("<unlock><target><candidate/></target></unlock>")).contains("<ok/>");
    }
  }

  @Test
  void rfc6241RejectNextCommit() throws Exception {
    EmulatedDevice d = rfc.device("leaf-01");
    d.injectFault(Fault.once(FaultType.REJECT_NEXT_COMMIT));
    try (RawNetconfClient c = RawNetconfClient.connect(d)) {
      c.rpc(VSI_EDIT.replace("<running/>", "<candidate/>"));
      assertThat(c.rpc("<commit/>")).contains("operation-failed");
      assertThat(d.runningXml()).doesNotContain("t-acme");
      assertThat(c.rpc("<commit/>")).contains("<ok/>");
      assertThat(d.runningXml()).contains("t-acme");
    }
  }

  @Test
  void wrongPasswordIsRefused() {
    Assertions.assertThatThrownBy(() -> RawNetconfClient.connect(leaf(), "admin", "nope", true))
        .isInstanceOf(Exception.class);
  }

  @Test
  void stopMakesTheSwitchDisappearAndStartBringsBackTheSavedConfig() throws Exception {
    try (RawNetconfClient c = RawNetconfClient.connect(leaf())) {
      c.rpc(VSI_EDIT);
      assertThat(c.rpc("<save><file>startup.cfg</file></save>")).contains("<ok/>");
      c.rpc(
          "<edit-config><target><running/></target><config><top xmlns=\"http://www.h3c.com/netconf/config:1.0\">"
              + "<L2VPN><VSIs><VSI><VsiName>t-unsaved</VsiName></VSI></VSIs></L2VPN></top></config></edit-config>");
    }
    leaf().stop();
    Assertions.assertThatThrownBy(() -> RawNetconfClient.connect(leaf()))
        .isInstanceOf(Exception.class);
    leaf().start();
    try (RawNetconfClient c = RawNetconfClient.connect(leaf())) {
      assertThat(c.rpc("<get-config><source><running/></source></get-config>"))
          .contains("t-acme")
          .doesNotContain("t-unsaved");
    }
  }
}
