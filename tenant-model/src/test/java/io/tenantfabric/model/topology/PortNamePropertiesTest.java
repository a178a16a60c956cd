package io.tenantfabric.model.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

class PortNamePropertiesTest {

  /** What a port name is, as a regular expression: the constructor reads it by hand. */
  private static final Pattern SPEC =
      Pattern.compile(
          "FourHundredGigE1/0/([1-9][0-9]{0,2})|TwoHundredGigE1/0/([1-9][0-9]{0,2}):([12])");

  @Property(tries = 5000)
  void acceptsExactlyWhatTheExpressionAccepts(@ForAll("nearlyPortNames") String name) {
    Matcher m = SPEC.matcher(name);
    Statistics.collect(m.matches());
    Statistics.coverage(c -> c.check(true).count(n -> n >= 100)); // valid names do come up
    if (m.matches()) {
      PortName p = new PortName(name);
      boolean breakout = m.group(2) != null;
      assertThat(p.number()).isEqualTo(Integer.parseInt(breakout ? m.group(2) : m.group(1)));
      assertThat(p.subPort().orElse(0)).isEqualTo(breakout ? Integer.parseInt(m.group(3)) : 0);
      assertThat(p.value()).isEqualTo(name);
    } else {
      assertThatThrownBy(() -> new PortName(name))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("must be FourHundredGigE1/0/N");
    }
  }

  @Property
  void refusesAnyOtherText(@ForAll String name) {
    if (!SPEC.matcher(name).matches()) {
      assertThatThrownBy(() -> new PortName(name)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  /** A prefix, some digits and a suffix, each right or slightly wrong. */
  @Provide
  Arbitrary<String> nearlyPortNames() {
    Arbitrary<String> prefix =
        Arbitraries.of(
            "FourHundredGigE1/0/",
            "TwoHundredGigE1/0/",
            "FourHundredGigE1/0/",
            "TwoHundredGigE1/0/",
            "FourHundredGigE1/0",
            "FourHundredGigE1/1/",
            "fourHundredGigE1/0/",
            "TwoHundredGigE1/0//",
            " FourHundredGigE1/0/",
            "HundredGigE1/0/",
            "");
    Arbitrary<String> digits =
        Arbitraries.oneOf(
            Arbitraries.integers().between(0, 1200).map(String::valueOf),
            Arbitraries.strings().withChars("0123456789x+-").ofMaxLength(5));
    Arbitrary<String> suffix =
        Arbitraries.of("", "", ":1", ":2", ":0", ":3", ":", ":12", ":1 ", "\n", " ", "/1", "x");
    return Combinators.combine(prefix, digits, suffix).as((p, d, s) -> p + d + s);
  }

  private static PortName port(int n, int sub) {
    return sub == 0 ? PortName.fourHundred(n) : PortName.twoHundred(n, sub);
  }

  @Property
  void numberAndSubPortAreWhatTheNameSays(
      @ForAll @IntRange(min = 1, max = 999) int n, @ForAll @IntRange(min = 0, max = 2) int sub) {
    PortName p = new PortName(port(n, sub).value()); // through the validating constructor
    assertThat(p.number()).isEqualTo(n);
    assertThat(p.subPort().orElse(0)).isEqualTo(sub);
    assertThat(p.speedGbps()).isEqualTo(sub == 0 ? 400 : 200);
  }

  @Property
  void ordersByNumberThenTheWholePortBeforeItsSubPorts(
      @ForAll @IntRange(min = 1, max = 999) int n1,
      @ForAll @IntRange(min = 0, max = 2) int s1,
      @ForAll @IntRange(min = 1, max = 999) int n2,
      @ForAll @IntRange(min = 0, max = 2) int s2) {
    int expected = n1 != n2 ? Integer.compare(n1, n2) : Integer.compare(s1, s2);
    assertThat(Integer.signum(port(n1, s1).compareTo(port(n2, s2)))).isEqualTo(expected);
    assertThat(port(n1, s1).compareTo(port(n2, s2)) == 0)
        .isEqualTo(port(n1, s1).equals(port(n2, s2)));
  }

  @Property
  void isAValueOfItsNameAlone(
      @ForAll @IntRange(min = 1, max = 999) int n, @ForAll @IntRange(min = 0, max = 2) int sub) {
    PortName built = port(n, sub);
    PortName parsed = new PortName(built.value());
    assertThat(parsed).isEqualTo(built).hasSameHashCodeAs(built).isNotSameAs(built);
    assertThat(parsed.toString()).isEqualTo(built.value());
    assertThat(parsed.isBreakout()).isEqualTo(sub != 0);
    assertThat(parsed).isNotEqualTo(built.value()); // a name, not its string
  }

  @Test
  void numbersSortNumericallyNotAsText() {
    assertThat(PortName.fourHundred(9)).isLessThan(PortName.fourHundred(10));
    assertThat(PortName.twoHundred(99, 2)).isLessThan(PortName.fourHundred(100));
  }

  @Test
  void refusesWhatIsNotAFrontPanelPort() {
    assertThatThrownBy(() -> new PortName("FourHundredGigE1/0/0"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PortName("TwoHundredGigE1/0/3:3"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PortName("HundredGigE1/0/3"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
