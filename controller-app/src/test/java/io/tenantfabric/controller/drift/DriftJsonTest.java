package io.tenantfabric.controller.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.device.PortConfig;
import io.tenantfabric.model.device.VsiConfig;
import io.tenantfabric.model.drift.ConfigPart;
import io.tenantfabric.model.drift.DriftItem;
import io.tenantfabric.model.pool.Vni;
import io.tenantfabric.model.topology.PortName;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DriftJsonTest {

  private static final PortName P5 = PortName.fourHundred(5);

  // each side is stored as the line the switch would show; a text part is stored as it is
  static final List<DriftItem> ITEMS =
      List.of(
          new DriftItem(
              DriftItem.Kind.CONFLICTING,
              "port FourHundredGigE1/0/5",
              "acme",
              new ConfigPart.Unmodeled("interface FourHundredGigE1/0/5 up acl t-acme-in"),
              new ConfigPart.Port(
                  new PortConfig(P5, true, "", Optional.empty(), Optional.empty()))),
          new DriftItem(
              DriftItem.Kind.MISSING,
              "vsi t-acme",
              "acme",
              new ConfigPart.Vsi(VsiConfig.forTenant("acme", new Vni(5))),
              null),
          DriftItem.unmodeled("acl rule 7 of t-x-in"));

  @Test
  void itemsSurviveTheStoredFormWithNullsKept() {
    String stored = DriftJson.write(ITEMS).toString();
    List<DriftItemView> read = DriftJson.read(DriftJson.parse(stored));
    assertThat(read)
        .containsExactly(
            new DriftItemView(
                "CONFLICTING",
                "port FourHundredGigE1/0/5",
                "acme",
                "interface FourHundredGigE1/0/5 up acl t-acme-in",
                "interface FourHundredGigE1/0/5 up"),
            new DriftItemView("MISSING", "vsi t-acme", "acme", "vsi t-acme vxlan 5", null),
            new DriftItemView("EXTRA", "unmodeled", null, null, "acl rule 7 of t-x-in"));
  }

  @Test
  void noDriftEverFoundIsNullAndAnEmptyArrayIsNoItems() {
    assertThat(DriftJson.lastDrift(null, null)).isNull();
    Instant at = Instant.parse("2026-11-30T12:00:00Z");
    assertThat(DriftJson.lastDrift(at, "[]")).isEqualTo(new LastDrift(at, List.of()));
    assertThat(DriftJson.read(null)).isEmpty();
  }
}
