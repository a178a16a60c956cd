package io.tenantfabric.model.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InterfaceNamesTest {

  @ParameterizedTest
  @CsvSource({
    "FourHundredGigE1/0/33, FourHundredGigE1/0/33",
    "FourHundredGigE1/0/33, fourhundredgige1/0/33",
    "FourHundredGigE1/0/33, 400GE1/0/33",
    "FourHundredGigE1/0/33, FH1/0/33",
    "TwoHundredGigE1/0/5:2, 200GE1/0/5:2",
    "FastEthernet1/0/15, Fa1/0/15",
    "Ten-GigabitEthernet1/0/1, XGE1/0/1",
  })
  void aNameAndItsAbbreviationAreTheSameInterface(String planned, String seen) {
    assertThat(InterfaceNames.same(planned, seen)).isTrue();
  }

  @ParameterizedTest
  @CsvSource({
    "FourHundredGigE1/0/33, 400GE1/0/3",
    "FourHundredGigE1/0/33, 400GE1/0/33:1",
    "FourHundredGigE1/0/33, 200GE1/0/33",
    "TwoHundredGigE1/0/5:2, 200GE1/0/5:1",
    "FourHundredGigE1/0/1, mlx5_1",
    "FourHundredGigE1/0/1, ''",
  })
  void anotherNumberOrTypeIsAnotherInterface(String planned, String seen) {
    assertThat(InterfaceNames.same(planned, seen)).isFalse();
  }

  @Test
  void nothingIsNoInterface() {
    assertThat(InterfaceNames.same(null, "400GE1/0/1")).isFalse();
    assertThat(InterfaceNames.same("FourHundredGigE1/0/1", null)).isFalse();
  }

  @Property(tries = 2000)
  void theSameNumberUnderAnyKnownFormMatchesAndNoOtherNumberDoes(
      @ForAll("numbers") String number,
      @ForAll("numbers") String other,
      @ForAll("fourHundredForms") String form) {
    String planned = "FourHundredGigE" + number;
    assertThat(InterfaceNames.same(planned, form + number)).isTrue();
    assertThat(InterfaceNames.same(planned, form + other)).isEqualTo(number.equals(other));
  }

  @Provide
  Arbitrary<String> numbers() {
    Arbitrary<Integer> port = Arbitraries.integers().between(1, 128);
    Arbitrary<Integer> sub = Arbitraries.integers().between(0, 2);
    return port.flatMap(p -> sub.map(s -> "1/0/" + p + (s == 0 ? "" : ":" + s)));
  }

  @Provide
  Arbitrary<String> fourHundredForms() {
    return Arbitraries.of("FourHundredGigE", "fourhundredgige", "400GE", "FH", "fh");
  }
}
