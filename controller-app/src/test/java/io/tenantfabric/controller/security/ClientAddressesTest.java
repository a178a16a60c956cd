package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ClientAddressesTest {

  private static MockHttpServletRequest from(String peer, String forwarded) {
    MockHttpServletRequest r = new MockHttpServletRequest();
    r.setRemoteAddr(peer);
    if (forwarded != null) {
      r.addHeader("X-Forwarded-For", forwarded);
    }
    return r;
  }

  @Test
  void withoutTrustedProxiesTheHeaderIsIgnored() {
    ClientAddresses none = new ClientAddresses(List.of());
    assertThat(none.of(from("10.0.0.5", "203.0.113.7"))).isEqualTo("10.0.0.5");
  }

  @Test
  void behindATrustedProxyTheRightMostUntrustedHopIsTheClient() {
    ClientAddresses proxies = new ClientAddresses(List.of("10.0.0.0/24", "192.168.1.1"));
    assertThat(proxies.of(from("10.0.0.5", "203.0.113.7"))).isEqualTo("203.0.113.7");
    assertThat(proxies.of(from("10.0.0.5", "198.51.100.1, 203.0.113.7, 192.168.1.1")))
        .isEqualTo("203.0.113.7");
    assertThat(proxies.of(from("10.0.0.5", null))).isEqualTo("10.0.0.5");
    assertThat(proxies.of(from("10.0.0.5", "10.0.0.9"))).isEqualTo("10.0.0.5");
  }

  @Test
  void anUntrustedPeerCannotNameAnotherClient() {
    ClientAddresses proxies = new ClientAddresses(List.of("10.0.0.0/24"));
    assertThat(proxies.of(from("172.16.0.1", "203.0.113.7"))).isEqualTo("172.16.0.1");
  }

  @Test
  void hostNamesInTheHeaderAreNeverResolved() {
    ClientAddresses proxies = new ClientAddresses(List.of("10.0.0.0/24"));
    assertThat(proxies.of(from("10.0.0.5", "evil.example.com"))).isEqualTo("10.0.0.5");
  }

  @Test
  void aTrustedProxyMustBeAnAddressOrRange() {
    assertThatThrownBy(() -> new ClientAddresses(List.of("proxy.internal")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("trusted-proxies");
  }
}
