package io.tenantfabric.southbound.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Hello parsing and RFC 6242 section 4.1 framing negotiation. */
class HelloTest {

  private static final String COMWARE_HELLO =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?><hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<capabilities><capability>urn:ietf:params:netconf:base:1.0</capability>"
          + "<capability>urn:ietf:params:netconf:base:1.1</capability>"
          + "<capability>urn:ietf:params:netconf:writable-running</capability>"
          + "<capability>urn:h3c:params:netconf:capability:h3c-save-point:1.0</capability>"
          + "<capability>http://www.h3c.com/netconf/config:1.0-L2VPN?module=L2VPN&amp;revision=2022-04-22</capability>"
          + "</capabilities><session-id>17</session-id></hello>";

  @Test
  void parsesAComwareHello() {
    Hello h = Hello.parseServerHello(("\n" + COMWARE_HELLO).getBytes(StandardCharsets.UTF_8));
    assertThat(h.sessionId()).contains("17");
    assertThat(h.has(Capabilities.H3C_SAVE_POINT)).isTrue();
    assertThat(h.has("http://www.h3c.com/netconf/config:1.0-L2VPN")).isTrue();
    assertThat(h.has(Capabilities.CANDIDATE)).isFalse();
    assertThat(h.capabilities())
        .contains("http://www.h3c.com/netconf/config:1.0-L2VPN?module=L2VPN&revision=2022-04-22");
  }

  @Test
  void clientHelloHasNoSessionIdAndRoundTrips() {
    Hello client = Hello.client(Set.of(Capabilities.BASE_1_0, Capabilities.BASE_1_1));
    String xml = new String(client.toBytes(), StandardCharsets.UTF_8);
    assertThat(xml).doesNotContain("session-id").contains("urn:ietf:params:netconf:base:1.1");
  }

  @Test
  void refusesAServerHelloWithoutSessionId() {
    String noId = COMWARE_HELLO.replace("<session-id>17</session-id>", "");
    assertThatThrownBy(() -> Hello.parseServerHello(noId.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("session-id");
  }

  @Test
  void refusesAServerHelloWithoutBaseCapability() {
    String noBase =
        "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
            + "<capability>urn:x</capability></capabilities><session-id>1</session-id></hello>";
    assertThatThrownBy(() -> Hello.parseServerHello(noBase.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("base");
  }

  @Test
  void refusesSomethingElseThanAHello() {
    assertThatThrownBy(
            () ->
                Hello.parseServerHello(
                    "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"/>".getBytes()))
        .isInstanceOf(ProtocolViolationException.class);
  }

  @ParameterizedTest(name = "client {0} / server {1} -> {2}")
  @CsvSource({
    "1.0+1.1, 1.0+1.1, chunked",
    "1.0+1.1, 1.1, chunked",
    "1.0+1.1, 1.0, eom",
    "1.0, 1.0+1.1, eom",
    "1.0, 1.0, eom"
  })
  void negotiatesChunkedOnlyWhenBothOfferBase11(String client, String server, String expected) {
    Framing f = Framing.negotiate(caps(client), caps(server));
    assertThat(f instanceof ChunkedFraming ? "chunked" : "eom").isEqualTo(expected);
  }

  private static Set<String> caps(String versions) {
    Set<String> out = new HashSet<>();
    for (String v : versions.split("\\+")) {
      out.add("urn:ietf:params:netconf:base:" + v);
    }
    return out;
  }
}
