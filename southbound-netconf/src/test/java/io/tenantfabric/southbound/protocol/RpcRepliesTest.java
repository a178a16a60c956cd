package io.tenantfabric.southbound.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** rpc-error parsing against Comware's real samples (comware-facts.md 2.7, 2.8) and RFC 6241. */
class RpcRepliesTest {

  private static Element reply(String xml) {
    return Messages.parse(xml.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void parsesComwareUnknownElementCapture() {
    // comware-facts.md 2.8: real device capture (exsver/netconf netconf_test.go).
    Element r =
        reply(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"102\"><rpc-error>\n"
                + " <error-type>rpc</error-type><error-tag>unknown-element</error-tag><error-severity>error</error-severity>\n"
                + " <error-message xml:lang=\"en\">Unexpected element 'urn:ietf:params:xml:ns:netconf:base:1.0':'get-sessionss' under element '/rpc</error-message>\n"
                + " <error-info><bad-element>get-sessionss</bad-element></error-info></rpc-error></rpc-reply>");

    NetconfRpcException e =
        catchThrowableOfType(
            NetconfRpcException.class, () -> RpcReplies.requireSuccess("leaf-07", r));

    assertThat(e.device()).isEqualTo("leaf-07");
    assertThat(e.errors()).hasSize(1);
    RpcError error = e.errors().get(0);
    assertThat(error.type()).isEqualTo("rpc");
    assertThat(error.tag()).isEqualTo("unknown-element");
    assertThat(error.severity()).isEqualTo("error");
    assertThat(error.message())
        .isEqualTo(
            "Unexpected element 'urn:ietf:params:xml:ns:netconf:base:1.0':'get-sessionss' under element '/rpc");
    assertThat(error.badElement()).contains("get-sessionss");
    assertThat(e.getMessage())
        .startsWith("leaf-07: unknown-element: Unexpected element")
        .contains("get-sessionss");
    assertThat(RpcReplies.messageId(r)).isEqualTo("102");
  }

  @Test
  void parsesComwareLockDeniedWithTheHoldersSessionId() {
    // comware-facts.md 2.7: verbatim from the H3C documentation.
    Element r =
        reply(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"5\">"
                + "<rpc-error><error-type>protocol</error-type><error-tag>lock-denied</error-tag>\n"
                + "    <error-severity>error</error-severity>\n"
                + "    <error-message xml:lang=\"en\">Lock failed because the NETCONF lock is held by another session.</error-message>\n"
                + "    <error-info><session-id>1</session-id></error-info></rpc-error></rpc-reply>");

    NetconfRpcException e =
        catchThrowableOfType(
            NetconfRpcException.class, () -> RpcReplies.requireSuccess("spine-01", r));

    assertThat(e.hasTag("lock-denied")).isTrue();
    assertThat(e.errors().get(0).sessionId()).contains("1");
    assertThat(e.errors().get(0).type()).isEqualTo("protocol");
    assertThat(e.getMessage())
        .contains("spine-01")
        .contains("Lock failed because the NETCONF lock is held by another session.");
  }

  @Test
  void keepsEveryErrorOfAReplyInOrderWithAllFields() {
    Element r =
        reply(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"9\">"
                + "<rpc-error><error-type>application</error-type><error-tag>invalid-value</error-tag>"
                + "<error-severity>error</error-severity><error-app-tag>too-long</error-app-tag>"
                + "<error-path>/rpc/edit-config[1]/config[1]/top[1]/L2VPN[1]/VSIs[1]/VSI[1]/VsiName[1]</error-path>"
                + "<error-message xml:lang=\"en\">VSI name too long</error-message>"
                + "<error-info><bad-element>VsiName</bad-element><bad-namespace>x</bad-namespace></error-info></rpc-error>"
                + "<rpc-error><error-type>application</error-type><error-tag>data-missing</error-tag>"
                + "<error-severity>error</error-severity><error-message>target does not exist</error-message></rpc-error>"
                + "<rpc-error><error-type>application</error-type><error-tag>operation-failed</error-tag>"
                + "<error-severity>warning</error-severity><error-message>just saying</error-message></rpc-error>"
                + "</rpc-reply>");

    NetconfRpcException e =
        catchThrowableOfType(
            NetconfRpcException.class, () -> RpcReplies.requireSuccess("leaf-01", r));

    assertThat(e.errors())
        .extracting(RpcError::tag)
        .containsExactly("invalid-value", "data-missing", "operation-failed");
    RpcError first = e.errors().get(0);
    assertThat(first.appTag()).isEqualTo("too-long");
    assertThat(first.path()).endsWith("VsiName[1]");
    assertThat(first.info()).isEqualTo(Map.of("bad-element", "VsiName", "bad-namespace", "x"));
    assertThat(e.errors().get(2).isError()).isFalse();
    assertThat(e.getMessage())
        .isEqualTo(
            "leaf-01: invalid-value: VSI name too long {bad-element=VsiName, bad-namespace=x}; "
                + "data-missing: target does not exist; operation-failed: just saying");
  }

  @Test
  void warningsOnlyIsNotAFailure() {
    Element r =
        reply(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"3\">"
                + "<rpc-error><error-type>application</error-type><error-tag>operation-failed</error-tag>"
                + "<error-severity>warning</error-severity><error-message>deprecated</error-message></rpc-error>"
                + "</rpc-reply>");
    assertThat(RpcReplies.requireSuccess("leaf-01", r)).isSameAs(r);
    assertThat(RpcReplies.warnings(r)).extracting(RpcError::message).containsExactly("deprecated");
  }

  @Test
  void okReplyHasNoErrorsAndDataIsFound() {
    Element ok =
        reply(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"1\"><ok/></rpc-reply>");
    assertThat(RpcReplies.errors(ok)).isEmpty();
    Element data =
        RpcReplies.data(
            "leaf-01",
            reply(
                "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"2\">"
                    + "<data><top xmlns=\"http://www.h3c.com/netconf/data:1.0\"/></data></rpc-reply>"));
    assertThat(data.getLocalName()).isEqualTo("data");
    assertThatThrownBy(() -> RpcReplies.data("leaf-01", ok))
        .isInstanceOf(NetconfException.class)
        .hasMessage("leaf-01: reply has no <data> element");
  }

  @Test
  void anErrorWithoutTagIsStillReported() {
    Element r =
        reply(
            "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"4\">"
                + "<rpc-error><error-message>odd</error-message></rpc-error></rpc-reply>");
    assertThatThrownBy(() -> RpcReplies.requireSuccess("leaf-02", r))
        .isInstanceOf(NetconfRpcException.class)
        .hasMessage("leaf-02: unknown: odd");
  }

  @Test
  void aMessageThatIsNotAReplyIsRefused() {
    assertThatThrownBy(
            () ->
                RpcReplies.requireSuccess(
                    "leaf-03", reply("<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"/>")))
        .isInstanceOf(NetconfException.class)
        .hasMessageContaining("leaf-03");
  }
}
