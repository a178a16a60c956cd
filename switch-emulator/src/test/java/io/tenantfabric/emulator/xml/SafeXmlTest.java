package io.tenantfabric.emulator.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SafeXmlTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>",
        "<!DOCTYPE r [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><r>&b;</r>",
        "<!DOCTYPE r SYSTEM \"http://127.0.0.1:1/x.dtd\"><r/>",
        "<r><unclosed></r>",
        ""
      })
  void refusesDoctypesEntitiesAndBrokenXml(String xml) {
    assertThatThrownBy(() -> SafeXml.parse(xml)).isInstanceOf(XmlSyntaxException.class);
  }

  @Test
  void parsesNamespacesAndEscapesOnTheWayOut() throws Exception {
    var doc = SafeXml.parse("<a xmlns=\"urn:x\"><b> t </b><c/></a>");
    assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo("urn:x");
    assertThat(SafeXml.text(SafeXml.child(doc.getDocumentElement(), "b"))).isEqualTo("t");
    assertThat(SafeXml.isEmptyLeaf(SafeXml.child(doc.getDocumentElement(), "c"))).isTrue();
    String out =
        new XmlBuilder().start("d").attr("k", "\"<&>").text("<&>").cdata("x]]>y").end().toString();
    assertThat(out)
        .isEqualTo("<d k=\"&quot;&lt;&amp;&gt;\">&lt;&amp;&gt;<![CDATA[x]]]]><![CDATA[>y]]></d>");
  }

  @Test
  void refusesDocumentsBeyondTheDepthElementAndAttributeLimits() throws Exception {
    assertThat(SafeXml.parse("<a>".repeat(256) + "</a>".repeat(256))).isNotNull();
    String deep = "<CLI><Execution>".repeat(50_000) + "</Execution></CLI>".repeat(50_000);
    assertThatThrownBy(() -> SafeXml.parse(deep))
        .isInstanceOf(XmlLimitException.class)
        .hasMessageContaining("maxElementDepth");
    assertThat(SafeXml.parse("<r>" + "<a/>".repeat(99_999) + "</r>")).isNotNull();
    assertThatThrownBy(() -> SafeXml.parse("<r>" + "<a/>".repeat(100_000) + "</r>"))
        .isInstanceOf(XmlLimitException.class)
        .hasMessage("more than 100000 elements (100001 start tags)");
    StringBuilder attrs = new StringBuilder("<r");
    for (int i = 0; i < 65; i++) {
      attrs.append(" a").append(i).append("=\"x\"");
    }
    assertThatThrownBy(() -> SafeXml.parse(attrs + "/>")).isInstanceOf(XmlLimitException.class);
  }

  @Test
  void countsStartTagsButNotEndTagsCommentsOrDeclarations() {
    assertThat(SafeXml.startTags("<?xml version=\"1.0\"?><a><!-- c --><b/><![CDATA[x]]></a>"))
        .isEqualTo(2);
  }
}
