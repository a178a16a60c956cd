package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.southbound.protocol.InvalidXmlException;
import io.tenantfabric.southbound.protocol.Messages;
import io.tenantfabric.southbound.protocol.Namespaces;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The exact XML of every typed rpc (RFC 6241 section 7-8, comware-facts.md 2.6). */
class RpcsTest {

  private static final String RPC =
      "<rpc message-id=\"7\" xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">";

  private static String xml(Document rpc) {
    return new String(Messages.encode(rpc, "7"), StandardCharsets.UTF_8);
  }

  @Test
  void editConfigPutsOptionsInSchemaOrderAndKeepsTheContentNamespace() {
    Document rpc =
        Rpcs.editConfig(
            Datastore.RUNNING,
            "<top xmlns=\"http://www.h3c.com/netconf/config:1.0\"><L2VPN xc:operation=\"merge\">"
                + "<VSIs><VSI><VsiName>t-acme</VsiName></VSI></VSIs></L2VPN></top>",
            new EditConfigOptions(
                DefaultOperation.NONE, TestOption.TEST_THEN_SET, ErrorOption.ROLLBACK_ON_ERROR));
    String text = xml(rpc);
    assertThat(text)
        .startsWith(
            RPC
                + "<edit-config><target><running/></target>"
                + "<default-operation>none</default-operation><test-option>test-then-set</test-option>"
                + "<error-option>rollback-on-error</error-option><config ");
    Element top =
        (Element)
            SecureXml.parse(text).getElementsByTagNameNS(Namespaces.H3C_CONFIG, "top").item(0);
    Element l2vpn = Messages.firstElement(top);
    assertThat(l2vpn.getAttributeNS(Namespaces.BASE, "operation")).isEqualTo("merge");
  }

  @Test
  void editConfigWithDefaultsOmitsEveryOption() {
    String text = xml(Rpcs.editConfig(Datastore.CANDIDATE, "<a xmlns=\"urn:x\"/>", null));
    assertThat(text)
        .doesNotContain("default-operation", "test-option", "error-option")
        .contains("<target><candidate/></target>");
  }

  @Test
  void getWithSubtreeFilterAndWithout() {
    assertThat(xml(Rpcs.get(null))).isEqualTo(RPC + "<get/></rpc>");
    String filtered =
        xml(Rpcs.get("<top xmlns=\"http://www.h3c.com/netconf/data:1.0\"><Ifmgr/></top>"));
    assertThat(filtered)
        .contains("<filter ")
        .contains("type=\"subtree\"")
        .contains("<top xmlns=\"http://www.h3c.com/netconf/data:1.0\"><Ifmgr/></top>");
  }

  @Test
  void getConfigNamesItsSource() {
    assertThat(xml(Rpcs.getConfig(Datastore.STARTUP, null)))
        .isEqualTo(RPC + "<get-config><source><startup/></source></get-config></rpc>");
  }

  @Test
  void lockUnlockValidateKill() {
    assertThat(xml(Rpcs.lock(Datastore.RUNNING)))
        .isEqualTo(RPC + "<lock><target><running/></target></lock></rpc>");
    assertThat(xml(Rpcs.unlock(Datastore.CANDIDATE)))
        .isEqualTo(RPC + "<unlock><target><candidate/></target></unlock></rpc>");
    assertThat(xml(Rpcs.validate(Datastore.RUNNING)))
        .isEqualTo(RPC + "<validate><source><running/></source></validate></rpc>");
    assertThat(xml(Rpcs.killSession("12")))
        .isEqualTo(RPC + "<kill-session><session-id>12</session-id></kill-session></rpc>");
    assertThat(xml(Rpcs.closeSession())).isEqualTo(RPC + "<close-session/></rpc>");
  }

  @Test
  void commitFamily() {
    assertThat(xml(Rpcs.commit())).isEqualTo(RPC + "<commit/></rpc>");
    assertThat(xml(Rpcs.commitConfirmed(Duration.ofSeconds(120), "txn-9")))
        .isEqualTo(
            RPC
                + "<commit><confirmed/><confirm-timeout>120</confirm-timeout><persist>txn-9</persist></commit></rpc>");
    assertThat(xml(Rpcs.confirmCommit("txn-9")))
        .isEqualTo(RPC + "<commit><persist-id>txn-9</persist-id></commit></rpc>");
    assertThat(xml(Rpcs.cancelCommit(null))).isEqualTo(RPC + "<cancel-commit/></rpc>");
    assertThat(xml(Rpcs.discardChanges())).isEqualTo(RPC + "<discard-changes/></rpc>");
  }

  @Test
  void comwareSavePointSaveAndCli() {
    assertThat(xml(Rpcs.savePointBegin(Duration.ofSeconds(100))))
        .isEqualTo(
            RPC
                + "<save-point><begin><confirm-timeout>100</confirm-timeout></begin></save-point></rpc>");
    assertThat(xml(Rpcs.savePointCommit("pre-<t>")))
        .isEqualTo(
            RPC + "<save-point><commit><label>pre-&lt;t&gt;</label></commit></save-point></rpc>");
    assertThat(xml(Rpcs.savePointRollback(null)))
        .isEqualTo(RPC + "<save-point><rollback/></save-point></rpc>");
    assertThat(xml(Rpcs.savePointRollback(3)))
        .isEqualTo(
            RPC + "<save-point><rollback><commit-id>3</commit-id></rollback></save-point></rpc>");
    assertThat(xml(Rpcs.savePointEnd())).isEqualTo(RPC + "<save-point><end/></save-point></rpc>");
    assertThat(xml(Rpcs.save(null))).isEqualTo(RPC + "<save/></rpc>");
    assertThat(xml(Rpcs.save("flash:/startup.cfg")))
        .isEqualTo(RPC + "<save><file>flash:/startup.cfg</file></save></rpc>");
    assertThat(xml(Rpcs.cliConfiguration(List.of("vsi t-x", " vxlan 10099"))))
        .isEqualTo(RPC + "<CLI><Configuration>vsi t-x\n vxlan 10099</Configuration></CLI></rpc>");
    assertThat(xml(Rpcs.cliExecution("display version")))
        .isEqualTo(RPC + "<CLI><Execution>display version</Execution></CLI></rpc>");
  }

  @Test
  void refusesOutOfRangeTimeoutsAndXxeInContent() {
    assertThatThrownBy(() -> Rpcs.savePointBegin(Duration.ofSeconds(65536)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Rpcs.commitConfirmed(Duration.ZERO, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> Rpcs.get("<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>"))
        .isInstanceOf(InvalidXmlException.class);
  }

  @Test
  void rawOperationTextIsWrappedInTheBaseNamespace() {
    Document rpc = Messages.rpc("<get-sessions/>");
    Element root = SecureXml.parse(xml(rpc)).getDocumentElement();
    assertThat(root.getAttribute("message-id")).isEqualTo("7");
    assertThat(Messages.firstElement(root).getNamespaceURI()).isEqualTo(Namespaces.BASE);
    assertThat(Messages.firstElement(root).getLocalName()).isEqualTo("get-sessions");
    assertThatThrownBy(() -> Messages.rpc("<a/><b/>")).isInstanceOf(IllegalArgumentException.class);
  }
}
