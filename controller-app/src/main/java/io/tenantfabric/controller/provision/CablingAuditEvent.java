package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.model.lifecycle.CablingState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The audit event of one cabling check run ({@code fabric.cabling}): the trigger, the switches'
 * outcomes counted, the ports that changed and the findings (both bounded), and {@code FAILURE}
 * when a port became unplaceable or an isolation finding stands. Pure.
 */
final class CablingAuditEvent {

  /** At most this many changed ports are listed in a check's audit event; the rest are counted. */
  static final int LISTED_TRANSITIONS = 200;

  /** At most this many findings go into a check's audit event. */
  static final int LISTED_FINDINGS = 50;

  private CablingAuditEvent() {}

  /** The event of a run with {@code outcomes}, {@code transitions} and {@code findings}. */
  static AuditRecord of(
      Map<String, CablingRun.SwitchCheck> outcomes,
      List<CablingTransition> transitions,
      List<CablingFinding> findings,
      String trigger,
      UUID run) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("trigger", trigger);
    if (run != null) {
      details.put("check", run.toString());
    }
    Map<String, Integer> counts = new TreeMap<>();
    outcomes.values().forEach(o -> counts.merge(o.outcome(), 1, Integer::sum));
    details.put("switches", counts);
    details.put("transitions", transitions.size());
    details.put(
        "changes",
        transitions.stream()
            .limit(LISTED_TRANSITIONS)
            .map(
                t -> {
                  Map<String, Object> m = new LinkedHashMap<>();
                  m.put("switch", t.switchName());
                  m.put("port", t.port());
                  m.put("from", t.from());
                  m.put("to", t.to());
                  m.put("seen", t.seen());
                  return m;
                })
            .toList());
    details.put(
        "findings",
        findings.stream()
            .limit(LISTED_FINDINGS)
            .map(
                f ->
                    Map.of(
                        "kind",
                        f.kind(),
                        "tenants",
                        f.tenants(),
                        "ports",
                        f.ends().stream().map(e -> e.switchName() + " " + e.port()).toList()))
            .toList());
    boolean bad =
        findings.stream().anyMatch(f -> "ISOLATION".equals(f.kind()))
            || transitions.stream()
                .anyMatch(t -> t.to() != null && !CablingState.valueOf(t.to()).placeable());
    boolean one = outcomes.size() == 1;
    return new AuditRecord(
        "fabric.cabling",
        one ? "switch" : "fabric",
        one ? outcomes.keySet().iterator().next() : "fabric",
        null,
        null,
        bad ? AuditOutcome.FAILURE : AuditOutcome.SUCCESS,
        details);
  }
}
