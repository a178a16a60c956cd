package io.tenantfabric.southbound.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.southbound.protocol.InvalidXmlException;
import io.tenantfabric.southbound.protocol.Messages;
import io.tenantfabric.southbound.protocol.Namespaces;
import io.tenantfabric.southbound.protocol.SecureXml;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

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
    assertThat(xml(Rpcs.get((String) null))).isEqualTo(RPC + "<get/></rpc>");
    String filtered =
        xml(Rpcs.get("<top xmlns=\"http://www.h3c.com/netconf/data:1.0\"><Ifmgr/></top>"));
    assertThat(filtered)
        .contains("<filter ")
        .contains("type=\"subtree\"")
        .contains("<top xmlns=\"http://www.h3c.com/netconf/data:1.0\"><Ifmgr/></top>");
  }

  @Test
  void getConfigNamesItsSource() {
    assertThat(xml(Rpcs.getConfig(Datastore.STARTUP, (String) null)))
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

  @Test
  void contentGivenAsAnElementGoesOnTheWireAsTheSameContentAsItsText() {
    String text =
        "<top xmlns=\"http://www.h3c.com/netconf/config:1.0\" xmlns:xc=\""
            + Namespaces.BASE
            + "\"><VSI><Vsis><Vsi xc:operation=\"merge\"><VsiName>t-&lt;a&gt;</VsiName>"
            + "</Vsi></Vsis></VSI></top>";
    Element element = SecureXml.parse(text).getDocumentElement();
    EditConfigOptions options =
        EditConfigOptions.defaults().withErrorOption(ErrorOption.STOP_ON_ERROR);
    assertSameContent(
        Rpcs.editConfig(Datastore.RUNNING, element, options),
        Rpcs.editConfig(Datastore.RUNNING, text, options));
    assertSameContent(Rpcs.get(element), Rpcs.get(text));
    assertSameContent(
        Rpcs.getConfig(Datastore.RUNNING, element), Rpcs.getConfig(Datastore.RUNNING, text));
    assertThat(element.getOwnerDocument().getDocumentElement())
        .as("the caller's element is copied, not moved")
        .isSameAs(element);
  }

  /** Both rpcs, as the switch parses them: the same operation, options and content. */
  private static void assertSameContent(Document fromElement, Document fromText) {
    Element a = SecureXml.parse(xml(fromElement)).getDocumentElement();
    Element b = SecureXml.parse(xml(fromText)).getDocumentElement();
    Element opA = Messages.firstElement(a);
    Element opB = Messages.firstElement(b);
    assertThat(opA.getLocalName()).isEqualTo(opB.getLocalName());
    List<String> childrenA = new ArrayList<>();
    List<String> childrenB = new ArrayList<>();
    for (Element c = Messages.firstElement(opA); c != null; c = next(c)) {
      childrenA.add(c.getNamespaceURI() + " " + c.getLocalName() + " " + c.getAttribute("type"));
    }
    for (Element c = Messages.firstElement(opB); c != null; c = next(c)) {
      childrenB.add(c.getNamespaceURI() + " " + c.getLocalName() + " " + c.getAttribute("type"));
    }
    assertThat(childrenA).isEqualTo(childrenB);
    Element topA = (Element) a.getElementsByTagNameNS("*", "top").item(0);
    Element topB = (Element) b.getElementsByTagNameNS("*", "top").item(0);
    assertThat(canonical(topA))
        .as("%s%n%s", SecureXml.toString(topA), SecureXml.toString(topB))
        .isEqualTo(canonical(topB));
    Element vsi = (Element) topA.getElementsByTagNameNS("*", "Vsi").item(0);
    assertThat(vsi.getAttributeNS(Namespaces.BASE, "operation")).isEqualTo("merge");
  }

  /** Names with their namespaces, attributes (not where a namespace is declared) and text. */
  private static String canonical(Node n) {
    if (!(n instanceof Element e)) {
      return n.getNodeType() == Node.TEXT_NODE ? n.getNodeValue() : "";
    }
    StringBuilder out = new StringBuilder("{" + e.getNamespaceURI() + "}" + e.getLocalName());
    for (int i = 0; i < e.getAttributes().getLength(); i++) {
      Node a = e.getAttributes().item(i);
      if (!"http://www.w3.org/2000/xmlns/".equals(a.getNamespaceURI())) {
        out.append(" {").append(a.getNamespaceURI()).append('}').append(a.getLocalName());
        out.append('=').append(a.getNodeValue());
      }
    }
    out.append('[');
    for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
      out.append(canonical(c));
    }
    return out.append(']').toString();
  }

  private static Element next(Element e) {
    for (Node n = e.getNextSibling(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element el) {
        return el;
      }
    }
    return null;
  }
}
