package io.tenantfabric.controller.database;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AutovacuumCheckTest {

  @Test
  void warnsOnlyWhenAutovacuumIsOff() {
    assertThat(AutovacuumCheck.warningFor("on")).isEmpty();
    assertThat(AutovacuumCheck.warningFor("off"))
        .hasValueSatisfying(
            w -> assertThat(w).contains("autovacuum = off").contains("Turn autovacuum on"));
    assertThat(AutovacuumCheck.warningFor("OFF")).isPresent();
  }
}
