package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AddressKeysTest {

  @Test
  void anIpv4AddressIsItsOwnKey() {
    assertThat(AddressKeys.of("203.0.113.7")).isEqualTo("203.0.113.7");
  }

  @Test
  void everyAddressOfAnIpv6Slash64SharesOneKey() {
    String key = AddressKeys.of("2001:db8:1:2::1");
    assertThat(key).isEqualTo("2001:db8:1:2::/64");
    assertThat(AddressKeys.of("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).isEqualTo(key);
    assertThat(AddressKeys.of("2001:DB8:1:2:0:0:0:9")).isEqualTo(key);
    assertThat(AddressKeys.of("[2001:db8:1:2::abcd]")).isEqualTo(key);
    assertThat(AddressKeys.of("2001:db8:1:2::5%eth0")).isEqualTo(key);
    assertThat(AddressKeys.of("2001:db8:1:3::1")).isNotEqualTo(key);
    assertThat(AddressKeys.of("::1")).isEqualTo("0:0:0:0::/64");
  }

  @Test
  void anIpv4MappedAddressIsTheIpv4AddressItMaps() {
    assertThat(AddressKeys.of("::ffff:203.0.113.7")).isEqualTo("203.0.113.7");
    assertThat(AddressKeys.of("0:0:0:0:0:ffff:cb00:7107")).isEqualTo("203.0.113.7");
  }

  @Test
  void whatIsNotAnAddressIsItsOwnKey() {
    for (String junk :
        new String[] {
          "1::2::3", "12345::1", "g::1", "+1::1", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3"
        }) {
      assertThat(AddressKeys.of(junk)).as(junk).isEqualTo(junk);
    }
  }
}
