package io.tenantfabric.model.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class CablingSeverityTest {

  @Test
  void everyStateHasItsPlaceInTheOrder() {
    assertThat(EnumSet.copyOf(CablingSeverity.BEST_TO_WORST))
        .isEqualTo(EnumSet.allOf(CablingState.class));
    assertThat(CablingSeverity.BEST_TO_WORST).doesNotHaveDuplicates();
  }

  @Test
  void aLinkIsAsBadAsItsWorseEnd() {
    assertThat(CablingSeverity.worst(List.of(CablingState.OK, CablingState.MISSING)))
        .isEqualTo(CablingState.MISSING);
    assertThat(CablingSeverity.worst(List.of(CablingState.MISSING, CablingState.WRONG_PEER)))
        .isEqualTo(CablingState.WRONG_PEER);
    assertThat(CablingSeverity.worst(List.of(CablingState.UNVERIFIED, CablingState.OK)))
        .isEqualTo(CablingState.UNVERIFIED);
  }

  @Test
  void anEndNeverCheckedLeavesTheLinkUncheckedUnlessTheOtherIsWorse() {
    assertThat(CablingSeverity.worst(List.of(CablingState.OK, CablingState.UNCHECKED)))
        .isEqualTo(CablingState.UNCHECKED);
    assertThat(CablingSeverity.worst(List.of(CablingState.UNCHECKED, CablingState.MISSING)))
        .isEqualTo(CablingState.MISSING);
    assertThat(CablingSeverity.worst(List.of())).isEqualTo(CablingState.UNCHECKED);
  }

  @Test
  void onlyStatesBetterThanUncheckedAndUncheckedItselfArePlaceable() {
    for (CablingState s : CablingState.values()) {
      boolean atMostUnchecked = CablingSeverity.ORDER.compare(s, CablingState.UNCHECKED) <= 0;
      assertThat(s.placeable()).as(s.name()).isEqualTo(atMostUnchecked);
    }
  }
}
