package io.tenantfabric.emulator.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SerialNumbersTest {
  @Test
  void aSerialIsAFunctionOfNameAndWipesWithTheS9825Prefix() {
    String s = SerialNumbers.of("leaf-01", 0, 0);
    assertThat(s).isEqualTo(SerialNumbers.of("leaf-01", 0, 0)).matches("210235A2D[0-9A-Z]{11}");
    assertThat(SerialNumbers.of("leaf-01", 1, 0)).isNotEqualTo(s);
    assertThat(SerialNumbers.of("leaf-02", 0, 0)).isNotEqualTo(s);
  }

  @Test
  void macsAreLocallyAdministeredAndKeepTheirKindApart() {
    assertThat(MacAddresses.bridge("210235A2D00000000000"))
        .matches("02[0-9a-f]{2}-[0-9a-f]{4}-[0-9a-f]{4}");
    assertThat(MacAddresses.nic("gpu-node-001", "mlx5_0"))
        .matches("06[0-9a-f]{2}-[0-9a-f]{4}-[0-9a-f]{4}")
        .isNotEqualTo(MacAddresses.nic("gpu-node-001", "mlx5_1"));
  }

  @Test
  void theLargestPresetsSerialsDoNotCollide() {
    Set<String> seen = new HashSet<>();
    for (int i = 1; i <= 1000; i++) {
      assertThat(seen.add(SerialNumbers.of("leaf-" + i, 0, 0))).isTrue();
    }
  }
}
