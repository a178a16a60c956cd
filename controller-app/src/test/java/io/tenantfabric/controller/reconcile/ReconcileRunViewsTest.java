package io.tenantfabric.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tenantfabric.controller.refusal.Refusal;
import io.tenantfabric.db.provisioning.ReconcileRun;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReconcileRunViewsTest {

  static final Instant T = Instant.parse("2026-11-30T12:00:00Z");
  static final UUID ID = UUID.fromString("3f0c6a9e-1b2c-4d5e-8f90-123456789abc");

  @Test
  void aRequestedRunHasNoSwitchesYet() {
    ReconcileRunView v =
        ReconcileRunViews.of(
            new ReconcileRun(ID, "FABRIC", "REPAIR", "API", "REQUESTED", T, null, null, null));
    assertThat(v.scope()).isEqualTo("fabric");
    assertThat(v.policy()).isEqualTo("repair");
    assertThat(v.trigger()).isEqualTo("api");
    assertThat(v.switches()).isEmpty();
    assertThat(v.drifted()).isZero();
  }

  @Test
  void aFinishedRunCountsDriftedAndUnreachableSwitches() {
    String result =
        "[{\"switch\":\"leaf-01\",\"outcome\":\"IN_SYNC\",\"items\":[]},"
            + "{\"switch\":\"leaf-02\",\"outcome\":\"REPAIRED\",\"repairGeneration\":9,\"items\":"
            + "[{\"kind\":\"MISSING\",\"object\":\"vsi t-a\",\"tenant\":\"a\","
            + "\"expected\":\"vsi t-a vxlan 5\",\"observed\":null}]},"
            + "{\"switch\":\"leaf-03\",\"outcome\":\"REPAIR_FAILED\",\"error\":\"edit: refused\","
            + "\"repairGeneration\":4,\"items\":[{\"kind\":\"EXTRA\",\"object\":\"vsi t-b\","
            + "\"tenant\":\"b\",\"expected\":null,\"observed\":\"vsi t-b vxlan 6\"}]},"
            + "{\"switch\":\"leaf-04\",\"outcome\":\"UNREACHABLE\",\"error\":\"read: timeout\","
            + "\"items\":[]}]";
    ReconcileRunView v =
        ReconcileRunViews.of(
            new ReconcileRun(ID, "leaf-02", "REPORT", "SCHEDULE", "DONE", T, T, T, result));
    assertThat(v.scope()).isEqualTo("leaf-02");
    assertThat(v.trigger()).isEqualTo("schedule");
    assertThat(v.drifted()).isEqualTo(2);
    assertThat(v.unreachable()).isEqualTo(1);
    assertThat(v.switches().get(1).repairGeneration()).isEqualTo(9L);
    assertThat(v.switches().get(1).items().get(0).observed()).isNull();
    assertThat(v.switches().get(2).error()).isEqualTo("edit: refused");
    assertThat(v.switches().get(0).repairGeneration()).isNull();
  }

  @ParameterizedTest
  @CsvSource({",REPAIR", "repair,REPAIR", "REPORT,REPORT", "Report,REPORT"})
  void policiesAreRepairByDefaultOrReport(String raw, String stored) {
    assertThat(ReconcilePolicy.parse(raw)).isEqualTo(stored);
  }

  @Test
  void anyOtherPolicyIs400NamingPolicy() {
    assertThatThrownBy(() -> ReconcilePolicy.parse("mend"))
        .isInstanceOfSatisfying(Refusal.class, e -> assertThat(e.field()).contains("policy"));
  }
}
