package io.tenantfabric.southbound.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;

/** SecureXml refuses DTDs, external entities and entity expansion, and parses plain NETCONF. */
class SecureXmlTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(
      strings = {
        // classic XXE: read a local file
        "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><rpc-reply>&x;</rpc-reply>",
        // billion laughs
        "<?xml version=\"1.0\"?><!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
            + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]><l>&d;</l>",
        // external DTD
        "<?xml version=\"1.0\"?><!DOCTYPE r SYSTEM \"http://127.0.0.1:1/evil.dtd\"><r/>",
        // parameter entity (out-of-band exfiltration)
        "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY % p SYSTEM \"http://127.0.0.1:1/p\"> %p;]><r/>",
        // internal DTD subset without any entity is still refused
        "<!DOCTYPE r [<!ELEMENT r ANY>]><r/>"
      })
  void refusesDoctypesAndEntities(String xml) {
    assertThatThrownBy(() -> SecureXml.parse(xml))
        .isInstanceOf(InvalidXmlException.class)
        .hasMessageContaining("DOCTYPE");
  }

  @Test
  void doesNotReadALocalFileThroughAnEntity() throws Exception {
    Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
    String xml = "<!DOCTYPE r [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]><r>&x;</r>";
    assertThatThrownBy(() -> SecureXml.parse(xml))
        .isInstanceOf(InvalidXmlException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("TOP-SECRET"));
  }

  @Test
  void refusesXIncludeAsPlainElementsWithoutFetching() {
    Document d =
        SecureXml.parse(
            "<r xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"file:///etc/passwd\"/></r>");
    assertThat(SecureXml.toString(d)).doesNotContain("root:");
  }

  @Test
  void refusesMalformedXml() {
    assertThatThrownBy(() -> SecureXml.parse("<rpc-reply><ok></rpc-reply>"))
        .isInstanceOf(InvalidXmlException.class);
  }

  @Test
  void parsesNamespacesAndPrintsWithoutDeclaration() {
    Document d =
        SecureXml.parse(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><ok/></rpc-reply>");
    assertThat(d.getDocumentElement().getNamespaceURI()).isEqualTo(Namespaces.BASE);
    assertThat(SecureXml.toString(d))
        .isEqualTo(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><ok/></rpc-reply>");
  }

  @Test
  void escapesTextWhenPrinting() {
    Document d = SecureXml.newDocument();
    d.appendChild(d.createElement("label")).setTextContent("a<b&\"c\"]]>");
    assertThat(SecureXml.toString(d)).isEqualTo("<label>a&lt;b&amp;\"c\"]]&gt;</label>");
  }
}
