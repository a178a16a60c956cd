package io.tenantfabric.model.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PortNamePropertiesTest {

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
