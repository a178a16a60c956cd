package io.tenantfabric.model.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Ipv4PrefixTest {

  @ParameterizedTest
  @CsvSource({
    "10.0.0.0/8, 255.0.0.0, 0.255.255.255, 16777216",
    "10.4.0.0/24, 255.255.255.0, 0.0.0.255, 256",
    "192.168.7.8/29, 255.255.255.248, 0.0.0.7, 8",
    "0.0.0.0/0, 0.0.0.0, 255.255.255.255, 4294967296",
    "255.255.255.255/32, 255.255.255.255, 0.0.0.0, 1"
  })
  void parsesFormatsAndGivesMasks(String text, String netmask, String wildcard, long size) {
    Ipv4Prefix p = Ipv4Prefix.parse(text);

    assertThat(p).hasToString(text);
    assertThat(p.netmask()).isEqualTo(netmask);
    assertThat(p.wildcard()).isEqualTo(wildcard);
    assertThat(p.size()).isEqualTo(size);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "10.0.0.1/8",
        "10.0.0/8",
        "10.0.0.0",
        "10.0.0.0/33",
        "256.0.0.0/8",
        "010.0.0.0/8",
        "10.0.0.0/-1",
        "a.b.c.d/8",
        "10.0.0.0/8/8",
        " 10.0.0.0/8",
        ""
      })
  void rejectsMalformedText(String text) {
    assertThatThrownBy(() -> Ipv4Prefix.parse(text)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void containmentAndOverlap() {
    Ipv4Prefix supernet = Ipv4Prefix.parse("10.0.0.0/8");
    Ipv4Prefix a = Ipv4Prefix.parse("10.4.0.0/24");
    Ipv4Prefix b = Ipv4Prefix.parse("10.4.0.128/25");
    Ipv4Prefix c = Ipv4Prefix.parse("10.4.1.0/24");

    assertThat(supernet.contains(a)).isTrue();
    assertThat(a.contains(supernet)).isFalse();
    assertThat(a.overlaps(b)).isTrue();
    assertThat(b.overlaps(a)).isTrue();
    assertThat(a.overlaps(c)).isFalse();
    assertThat(a.contains(Ipv4Prefix.parseAddress("10.4.0.77", "x"))).isTrue();
    assertThat(Ipv4Prefix.parse("192.0.0.0/8").overlaps(supernet)).isFalse();
  }

  @Test
  void ordersByUnsignedAddress() {
    assertThat(Ipv4Prefix.parse("200.0.0.0/8")).isGreaterThan(Ipv4Prefix.parse("10.0.0.0/8"));
  }
}
