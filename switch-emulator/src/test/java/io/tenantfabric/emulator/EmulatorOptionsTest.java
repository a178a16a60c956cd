package io.tenantfabric.emulator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EmulatorOptionsTest {

  @Test
  void printedOptionsNameEverySettingButThePassword() {
    EmulatorOptions o =
        EmulatorOptions.builder().preset("emulator-mini").password("s3cret-switch-pw").build();

    assertThat(o.toString())
        .contains("preset=emulator-mini", "username=admin", "maxSessions=16")
        .doesNotContain("s3cret-switch-pw");
  }
}
