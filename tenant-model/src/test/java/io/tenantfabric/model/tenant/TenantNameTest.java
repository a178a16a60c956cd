package io.tenantfabric.model.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TenantNameTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "abc",
        "acme",
        "acme-ai",
        "a1b",
        "team-42",
        "a-very-long-tenant-name-29ch",
        "abcdefghijklmnopqrstuvwxyz012"
      })
  void acceptsDnsLabelNamesUpToTwentyNineCharacters(String value) {
    TenantName name = new TenantName(value);

    assertThat(name.vsiName()).isEqualTo("t-" + value).hasSizeLessThanOrEqualTo(31);
    assertThat(value).matches(TenantName.PATTERN);
  }

  @ParameterizedTest(name = "[{index}] \"{0}\" fails {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''|required",
        "acmé|ascii",
        "αβγ|ascii",
        "acme\u200b|ascii",
        "tab\there|ascii",
        "Acme|lowercase",
        "acME|lowercase",
        "drop table|characters",
        "x';drop table tenants;--|characters",
        "../etc|characters",
        "acme/../x|characters",
        "a_b|characters",
        "a.b|characters",
        "ab|length",
        "a|length",
        "abcdefghijklmnopqrstuvwxyz0123|length",
        "1acme|start",
        "-acme|start",
        "acme-|end"
      })
  void rejectsWithTheRuleThatFailed(String value, String rule) {
    InvalidTenantNameException e =
        catchThrowableOfType(InvalidTenantNameException.class, () -> new TenantName(value));

    assertThat(e).as("'%s' must be rejected", value).isNotNull();
    assertThat(e.rule()).isEqualTo(rule);
    assertThat(value).doesNotMatch(TenantName.PATTERN);
  }

  @ParameterizedTest
  @ValueSource(strings = {"abcdefghijklmnopqrstuvwxyz0123", "a-very-long-tenant-name-30chrs"})
  void thirtyCharactersIsOneTooMany(String value) {
    assertThat(value).hasSize(30);

    InvalidTenantNameException e =
        catchThrowableOfType(InvalidTenantNameException.class, () -> new TenantName(value));

    assertThat(e.rule()).isEqualTo("length");
    assertThat(e).hasMessageContaining("3..29").hasMessageContaining("was 30");
  }

  @ParameterizedTest
  @ValueSource(strings = {"acmé", "\u0430cme"})
  void unicodeIsNamedByCodePointNotEchoed(String value) {
    InvalidTenantNameException e =
        catchThrowableOfType(InvalidTenantNameException.class, () -> new TenantName(value));

    assertThat(e).hasMessageContaining("U+").hasMessageNotContaining(value);
  }
}
