package io.tenantfabric.southbound.comware;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.PortLossless;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.verify.Evidence;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The evidence lines the golden reports do not show: a free port on a path, a bare port. */
class ComwareEvidenceTest {

  private static final PortName P7 = PortName.fourHundred(7);

  @Test
  void aFreePortOnASegmentIsMarkedFree() {
    assertThat(
            ComwareEvidence.lines(List.of(new Evidence.SegmentPort("leaf-01", P7.value(), null))))
        .containsExactly("leaf-01: interface FourHundredGigE1/0/7 (free)");
  }

  @Test
  void aPortWithoutLosslessSettingsSaysSo() {
    assertThat(ComwareEvidence.lines(List.of(new Evidence.Lossless(P7, PortLossless.NONE))))
        .containsExactly("interface FourHundredGigE1/0/7", " (no lossless settings)");
  }

  @Test
  void aScrubbedPortIsShutDownAndBare() {
    assertThat(ComwareEvidence.lines(List.of(new Evidence.Port(PortConfig.scrubbed(P7), null))))
        .containsExactly("interface FourHundredGigE1/0/7", " shutdown");
  }
}
