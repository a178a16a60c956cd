package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.lifecycle.CablingRow;
import io.tenantfabric.db.lifecycle.CablingStore;
import io.tenantfabric.db.lifecycle.GpuHolder;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CablingState;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Records a cabling check run: each checked switch's rows replaced, the GPUs an unplaceable cable
 * keeps out of placement, the transitions against the rows before, the findings over the whole
 * fabric, and one {@link CablingAuditEvent}; one transaction that takes the fabric lock for its
 * writes (what placement may use changes the intent version).
 */
@Component
class CablingRecorder {

  /** The cabling states a GPU may be placed behind, as the store compares them. */
  private static final List<String> PLACEABLE =
      Arrays.stream(CablingState.values())
          .filter(CablingState::placeable)
          .map(CablingState::name)
          .toList();

  private final CablingStore cabling;
  private final IntentGenerations generations;
  private final AuditTrail audit;
  private final Transactions tx;
  private final Clock clock;

  CablingRecorder(
      CablingStore cabling,
      IntentGenerations generations,
      AuditTrail audit,
      Transactions tx,
      Clock clock) {
    this.cabling = cabling;
    this.generations = generations;
    this.audit = audit;
    this.tx = tx;
    this.clock = clock;
  }

  /**
   * Records the verdicts of the {@code CHECKED} switches of {@code outcomes} in one transaction:
   * the rows, the GPUs they keep out of placement and one audit event (when {@code alwaysAudit}, a
   * port changed or an isolation finding stands).
   */
  CablingRun record(
      Map<String, CablingRun.SwitchCheck> outcomes, String trigger, UUID run, boolean alwaysAudit) {
    Map<String, List<CableCheck>> checked = new TreeMap<>();
    outcomes.forEach(
        (name, o) -> {
          if ("CHECKED".equals(o.outcome())) {
            checked.put(name, o.checks());
          }
        });
    return tx.write(
        () -> {
          // read before the fabric lock, so that it is held only for the writes: cabling rows
          // are written on the provisioner thread alone, and a lease committed meanwhile is in
          // the next check's findings
          Map<String, CablingRow> before = new LinkedHashMap<>();
          List<CablingRow> others = new ArrayList<>();
          for (CablingRow r : cabling.all()) {
            if (checked.containsKey(r.switchName())) {
              before.put(key(r.switchName(), r.port()), r);
            } else {
              others.add(r);
            }
          }
          List<GpuHolder> holders = cabling.holders();
          generations.lockAgainstIntentChanges();
          Instant now = clock.instant();
          List<CablingRow> rows = new ArrayList<>();
          List<CablingTransition> transitions = new ArrayList<>();
          checked.forEach(
              (name, checks) -> {
                for (CableCheck c : checks) {
                  CablingRow row = CablingRows.of(c, now);
                  CablingRow old = before.remove(key(name, c.port()));
                  if (old == null || row.changedFrom(old)) {
                    transitions.add(
                        new CablingTransition(
                            name,
                            c.port(),
                            old == null ? CablingState.UNCHECKED.name() : old.state(),
                            row.state(),
                            CablingRows.seen(row)));
                  }
                  rows.add(row);
                }
              });
          // rows of the checked switches that no check produced: an unplanned port gone quiet
          before
              .values()
              .forEach(
                  old ->
                      transitions.add(
                          new CablingTransition(
                              old.switchName(), old.port(), old.state(), null, null)));
          cabling.replace(checked.keySet(), rows);
          cabling.blockUnplaceable(checked.keySet(), PLACEABLE);
          others.addAll(rows);
          List<CablingFinding> findings = CablingFindings.of(others, holders);
          boolean isolation = findings.stream().anyMatch(f -> "ISOLATION".equals(f.kind()));
          if (alwaysAudit || !transitions.isEmpty() || isolation) {
            audit.record(CablingAuditEvent.of(outcomes, transitions, findings, trigger, run));
          }
          return new CablingRun(outcomes, transitions, findings);
        });
  }

  private static String key(String sw, String port) {
    return sw + "\n" + port;
  }
}
