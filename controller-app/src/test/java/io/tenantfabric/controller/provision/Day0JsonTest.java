package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.lifecycle.Day0Item;
import java.util.List;
import org.junit.jupiter.api.Test;

class Day0JsonTest {

  @Test
  void gapsAreStoredAsItemAndDetailAndReadBackInTheirOrder() {
    List<Day0Gap> gaps =
        List.of(
            new Day0Gap(Day0Item.SYSNAME, "sysname is 'H3C', the plan names the switch leaf-05"),
            new Day0Gap(Day0Item.LLDP, "LLDP is not enabled globally (lldp global enable)"));

    String stored = Day0Json.write(gaps);

    assertThat(stored)
        .isEqualTo(
            "[{\"item\":\"SYSNAME\",\"detail\":\"sysname is 'H3C', the plan names the switch"
                + " leaf-05\"},{\"item\":\"LLDP\",\"detail\":\"LLDP is not enabled globally (lldp"
                + " global enable)\"}]");
    assertThat(Day0Json.read(stored)).isEqualTo(gaps);
  }

  @Test
  void readyIsAnEmptyListAndNeverCheckedReadsAsNone() {
    assertThat(Day0Json.write(List.of())).isEqualTo("[]");
    assertThat(Day0Json.read("[]")).isEmpty();
    assertThat(Day0Json.read(null)).isEmpty();
  }
}
