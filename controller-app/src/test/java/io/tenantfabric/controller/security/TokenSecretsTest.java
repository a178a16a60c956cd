package io.tenantfabric.controller.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TokenSecretsTest {

  @Test
  void generatedTokensCarry256RandomBitsBehindThePrefix() {
    String t = TokenSecrets.generate();
    assertThat(t).startsWith("tf_").hasSize(46).matches("tf_[A-Za-z0-9_-]{43}");
    assertThat(Base64.getUrlDecoder().decode(t.substring(3))).hasSize(32);
  }

  @Test
  void generatedTokensDoNotRepeat() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      assertThat(seen.add(TokenSecrets.generate())).isTrue();
    }
  }

  @Test
  void hashIsLowerHexSha256() {
    // echo -n abc | sha256sum
    assertThat(TokenSecrets.hash("abc"))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void sameHashComparesWholeValues() {
    String h = TokenSecrets.hash("x");
    assertThat(TokenSecrets.sameHash(h, TokenSecrets.hash("x"))).isTrue();
    assertThat(TokenSecrets.sameHash(h, TokenSecrets.hash("y"))).isFalse();
    assertThat(TokenSecrets.sameHash(h, h.substring(1))).isFalse();
  }
}
