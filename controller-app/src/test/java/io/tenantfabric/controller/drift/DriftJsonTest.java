package io.tenantfabric.controller.drift;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.model.drift.DriftItem;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriftJsonTest {

  static final List<DriftItem> ITEMS =
      List.of(
          new DriftItem(
              DriftItem.Kind.CONFLICTING,
              "port FourHundredGigE1/0/5",
              "acme",
              "interface FourHundredGigE1/0/5 up acl t-acme-in",
              "interface FourHundredGigE1/0/5 up"),
          new DriftItem(DriftItem.Kind.MISSING, "vsi t-acme", "acme", "vsi t-acme vxlan 5", null),
          new DriftItem(DriftItem.Kind.EXTRA, "unmodeled", null, null, "acl rule 7 of t-x-in"));

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
