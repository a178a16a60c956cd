package io.tenantfabric.emulator.datastore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Which regExp filter patterns are evaluated and which are refused, with the reason given. */
class RegExpGuardTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "^FourHundredGigE1/0/(1|2)$",
        "^FourHundredGigE1/0/[0-9]+$",
        "^TwoHundredGigE1/0/\\d+:[12]$",
        "GigE1/0/(?:1[0-9]|2[0-4])$",
        ".*GigE.*",
        "^t-acme",
        "t-[a-z0-9-]{1,31} gpu",
        "^(ab)+$",
        "(a+)?b",
        "[(*+)]*x",
        "\\Q(a+)+\\E",
        "^\\p{Alpha}+1/0/.*$",
        "a.*b.*c"
      })
  void acceptsOrdinaryPatterns(String re) {
    assertThat(RegExpGuard.problem(re)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = " => ",
      value = {
        "^(.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*)X => two unbounded quantifiers in a row",
        "^.*.*X => two unbounded quantifiers in a row",
        "\\d+\\w* => two unbounded quantifiers in a row",
        "(a+)+b => repeats a group that contains a quantifier or alternatives",
        "(a|aa)*b => repeats a group that contains a quantifier or alternatives",
        "((a|b)c){2,} => repeats a group that contains a quantifier or alternatives",
        "(x?){30}x{30} => repeats a group that contains a quantifier or alternatives",
        ".*a.*b.*c.*d => more than 3 unbounded quantifiers",
        "a.{0,200}b.{0,200}c.{0,200}d.{0,200}e => more than 3 unbounded quantifiers",
        "(a)\\1 => Back-references",
        "(?<n>a)\\k<n> => Back-references"
      })
  void refusesPatternsWhoseCostExplodes(String re, String reason) {
    assertThat(RegExpGuard.problem(re)).hasValueSatisfying(m -> assertThat(m).contains(reason));
  }

  @ParameterizedTest
  @ValueSource(ints = {257, 100_000})
  void refusesOverLongPatterns(int length) {
    String re = "a".repeat(length);
    assertThat(RegExpGuard.problem(re))
        .hasValue(
            "The regular expression has " + length + " characters; at most 256 are accepted.");
  }

  @ParameterizedTest
  @ValueSource(strings = {"^(.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*.*)X", "(a+)+b"})
  void aRefusedPatternIsAnInvalidValueNamingTheColumn(String re) {
    assertThatThrownBy(() -> RegExpFilter.compile(re, "Description"))
        .isInstanceOfSatisfying(
            RpcException.class,
            e -> {
              NetconfError err = e.errors().get(0);
              assertThat(err.tag()).isEqualTo("invalid-value");
              assertThat(err.info())
                  .containsEntry("bad-attribute", "regExp")
                  .containsEntry("bad-element", "Description");
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"(", "a{2,1}", "[z-a]"})
  void aMalformedPatternIsStillABadAttribute(String re) {
    assertThatThrownBy(() -> RegExpFilter.compile(re, "Name"))
        .isInstanceOfSatisfying(
            RpcException.class,
            e -> assertThat(e.errors().get(0).tag()).isEqualTo("bad-attribute"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"FourHundredGigE1/0/1", ""})
  void aSpentBudgetStopsTheMatch(String value) throws Exception {
    RegExpFilter f = RegExpFilter.compile("^FourHundredGigE1/0/(1|2)$", "Name");
    MatchBudget spent = MatchBudget.of(Duration.ZERO);
    assertThatThrownBy(() -> f.find(value, spent)).isInstanceOf(RegExpTimeoutException.class);
    assertThat(f.find("FourHundredGigE1/0/2", MatchBudget.of(Duration.ofMinutes(1)))).isTrue();
  }
}
