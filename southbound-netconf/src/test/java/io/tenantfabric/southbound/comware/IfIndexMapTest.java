package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.model.topology.PortName;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IfIndexMapTest {

  private final PortName p1 = PortName.fourHundred(1);
  private final PortName p10 = PortName.fourHundred(10);
  private final PortName sub = PortName.twoHundred(2, 1);
  private final IfIndexMap map = IfIndexMap.of(Map.of(p10, 7, p1, 3, sub, 12));

  @Test
  void answersBothWays() {
    assertThat(map.indexOf(p10)).isEqualTo(7);
    assertThat(map.portOf(7)).contains(p10);
    assertThat(map.portOf(12)).contains(sub);
    assertThat(map.portOf(4)).isEmpty();
    assertThatThrownBy(() -> map.indexOf(PortName.fourHundred(2)))
        .isInstanceOf(UnknownPortException.class);
  }

  @Test
  void keepsPortOrder() {
    assertThat(map.indexes().keySet()).containsExactly(p1, sub, p10);
  }

  @Test
  void refusesAnIfIndexGivenTwice() {
    assertThatThrownBy(() -> IfIndexMap.of(Map.of(p1, 3, p10, 3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("IfIndex 3 given to both");
  }

  @Test
  void isAValue() {
    assertThat(IfIndexMap.of(Map.of(p1, 3, sub, 12, p10, 7))).isEqualTo(map).hasSameHashCodeAs(map);
    assertThat(IfIndexMap.of(Map.of(p1, 3))).isNotEqualTo(map);
  }
}
