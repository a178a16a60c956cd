package io.tenantfabric.model.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class SerialNumberCheckTest {

  private static SwitchIdentity reporting(String serial) {
    return new SwitchIdentity("leaf-01", serial, "S9825-64D", "7.1.070");
  }

  @Test
  void anUnpinnedEntryAcceptsAnyBox() {
    assertThat(SerialNumberCheck.gap(reporting("210235A2DLH123000001"), Optional.empty()))
        .isEmpty();
  }

  @Test
  void thePinnedBoxPassesWhateverTheCase() {
    assertThat(
            SerialNumberCheck.gap(
                reporting("210235A2DLH123000001"), Optional.of(" 210235a2dlh123000001 ")))
        .isEmpty();
  }

  @Test
  void anotherBoxIsAGapNamingBothSerials() {
    Optional<Day0Gap> gap =
        SerialNumberCheck.gap(
            reporting("210235A2DLH123000009"), Optional.of("210235A2DLH123000001"));

    assertThat(gap).isPresent();
    assertThat(gap.get().item()).isEqualTo(Day0Item.SERIAL_NUMBER);
    assertThat(gap.get().detail())
        .contains("'210235A2DLH123000009'")
        .contains("pins '210235A2DLH123000001'");
  }

  @Test
  void aSwitchThatReportsNoSerialFailsAPin() {
    Optional<Day0Gap> gap =
        SerialNumberCheck.gap(reporting(""), Optional.of("210235A2DLH123000001"));

    assertThat(gap).map(Day0Gap::detail).get().asString().contains("reports no serial number");
  }
}
