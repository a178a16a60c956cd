package io.tenantfabric.southbound.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.PublicKey;
import java.util.Set;
import org.apache.sshd.common.config.keys.AuthorizedKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Fingerprints equal what OpenSSH's {@code ssh-keygen -lf} printed for the same keys. */
class HostKeyFingerprintTest {

  // Generated with ssh-keygen -t ed25519 / -t rsa -b 2048; fingerprints from ssh-keygen -lf.
  @ParameterizedTest
  @CsvSource({
    "'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICN0stghARCQD44cymmjTFkMcrfYepB/UHspKJCTRzVi test',"
        + "SHA256:sG5dQePZ///TV3bJ/5ugPKdigFfDNGMoZEkTB9b5AgM",
    "'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCv1VUFeB9LK+v7m0xi9BU+9jckgIu1C/H4h87iBNVSLtpm/a6eS3wBvROZ4AdPI4k9YxXqwwQnEWQDFxiU5OCRmHdoF8XqTo/NA+T5SujfFgyN5z3rr9v6qu8RMVHZo1uyXBAOXL6AitHgwjNqfYmj75fAzKaBSsqRazw6VZ7nSAzMTTkx1LMT2688ZvfoNCw/BEErHvhn1zGmQIJ7u/nowhR+JVMZjFxpRI/mgelU+7cN1xEAcivBI0/paGE7MbmZ+vxmaopBGbfoDvRbeEqz8e1F+xPgwCUtamxb5WzkYaFMKAmevFv8iw1PLLWzjlmRbGv5vLxOqlRXlG/iRJZV test',"
        + "SHA256:2JxA5/ypxZuM2gJih6V919k+EV8ubx66JtRFpnq+tYo"
  })
  void matchesOpenSsh(String authorizedKey, String expected) throws Exception {
    PublicKey key =
        AuthorizedKeyEntry.parseAuthorizedKeyEntry(authorizedKey)
            .resolvePublicKey(null, PublicKeyEntryResolver.FAILING);
    assertThat(HostKeyFingerprint.of(key)).isEqualTo(expected);
    assertThat(HostKeyFingerprint.requireFormat(expected)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "SHA256:sG5dQePZ///TV3bJ/5ugPKdigFfDNGMoZEkTB9b5AgM=",
    "sha256:sG5dQePZ///TV3bJ/5ugPKdigFfDNGMoZEkTB9b5AgM",
    "MD5:aa:bb",
    "sG5dQePZ///TV3bJ/5ugPKdigFfDNGMoZEkTB9b5AgM"
  })
  void refusesOtherFormats(String bad) {
    assertThatThrownBy(() -> HostKeyPolicy.pinned(Set.of(bad)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SHA256:");
  }
}
