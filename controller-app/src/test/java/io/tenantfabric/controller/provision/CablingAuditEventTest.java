package io.tenantfabric.controller.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CablingAuditEventTest {

  private static final CablingRun.SwitchCheck CHECKED =
      new CablingRun.SwitchCheck("CHECKED", List.of(), null);

  @Test
  void aPortThatBecameUnplaceableIsAFailureOfItsSwitchWithTheChangeListed() {
    UUID run = UUID.randomUUID();
    AuditRecord e =
        CablingAuditEvent.of(
            Map.of("leaf-01", CHECKED),
            List.of(
                new CablingTransition(
                    "leaf-01", "FourHundredGigE1/0/1", "OK", "WRONG_PEER", "gpu-node-002 mlx5_0")),
            List.of(),
            "API",
            run);

    assertThat(e.action()).isEqualTo("fabric.cabling");
    assertThat(e.targetType()).isEqualTo("switch");
    assertThat(e.target()).isEqualTo("leaf-01");
    assertThat(e.outcome()).isEqualTo(AuditOutcome.FAILURE);
    assertThat(e.details())
        .containsEntry("trigger", "API")
        .containsEntry("check", run.toString())
        .containsEntry("transitions", 1)
        .containsEntry("switches", Map.of("CHECKED", 1));
    assertThat(e.details().get("changes"))
        .isEqualTo(
            List.of(
                Map.of(
                    "switch", "leaf-01",
                    "port", "FourHundredGigE1/0/1",
                    "from", "OK",
                    "to", "WRONG_PEER",
                    "seen", "gpu-node-002 mlx5_0")));
  }

  @Test
  void cablesComingRightOnSeveralSwitchesAreASuccessOfTheFabric() {
    AuditRecord e =
        CablingAuditEvent.of(
            Map.of(
                "leaf-01",
                CHECKED,
                "leaf-02",
                new CablingRun.SwitchCheck("UNREACHABLE", List.of(), "refused")),
            List.of(
                new CablingTransition("leaf-01", "FourHundredGigE1/0/1", "WRONG_PEER", "OK", "x")),
            List.of(),
            "SCHEDULE",
            null);

    assertThat(e.targetType()).isEqualTo("fabric");
    assertThat(e.outcome()).isEqualTo(AuditOutcome.SUCCESS);
    assertThat(e.details()).doesNotContainKey("check");
    assertThat(e.details().get("switches")).isEqualTo(Map.of("CHECKED", 1, "UNREACHABLE", 1));
  }

  @Test
  void anIsolationFindingIsAFailureNamingBothTenantsAndPortsEvenWithoutAChange() {
    CablingFinding crossed =
        new CablingFinding(
            "ISOLATION",
            "CRITICAL",
            "swapped",
            List.of("red", "blue"),
            List.of(
                new CablingFinding.End(
                    "leaf-01", "FourHundredGigE1/0/1", "WRONG_PEER", "g/0", "red", "a1", "p", "s"),
                new CablingFinding.End(
                    "leaf-01",
                    "FourHundredGigE1/0/2",
                    "WRONG_PEER",
                    "g/1",
                    "blue",
                    "a2",
                    "p",
                    "s")));

    AuditRecord e =
        CablingAuditEvent.of(
            Map.of("leaf-01", CHECKED), List.of(), List.of(crossed), "SCHEDULE", null);

    assertThat(e.outcome()).isEqualTo(AuditOutcome.FAILURE);
    assertThat(e.details().get("findings"))
        .isEqualTo(
            List.of(
                Map.of(
                    "kind", "ISOLATION",
                    "tenants", List.of("red", "blue"),
                    "ports",
                        List.of("leaf-01 FourHundredGigE1/0/1", "leaf-01 FourHundredGigE1/0/2"))));
  }

  @Test
  void aLongListOfChangesIsCutButCountedWhole() {
    List<CablingTransition> many = new ArrayList<>();
    for (int i = 0; i < CablingAuditEvent.LISTED_TRANSITIONS + 7; i++) {
      many.add(new CablingTransition("spine-01", "p" + i, "UNCHECKED", "OK", "x"));
    }
    AuditRecord e =
        CablingAuditEvent.of(Map.of("spine-01", CHECKED), many, List.of(), "ONBOARDING", null);

    assertThat(e.details()).containsEntry("transitions", many.size());
    assertThat((List<?>) e.details().get("changes")).hasSize(CablingAuditEvent.LISTED_TRANSITIONS);
    assertThat(e.outcome()).isEqualTo(AuditOutcome.SUCCESS);
  }
}
