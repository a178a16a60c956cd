package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.observability.FabricMetrics;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.jdbc.RoundTrip;
import io.tenantfabric.db.provisioning.AllocationTransition;
import io.tenantfabric.db.provisioning.AppliedChange;
import io.tenantfabric.db.provisioning.BatchLog;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.provisioning.SwitchStates;
import io.tenantfabric.southbound.comware.EditStep;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Records a finished batch in one transaction: what each switch applied (generations only rise) and
 * its verified config, each failure with the device's words, the batch closed, allocations whose
 * switches are all done moved on (ACTIVE, RELEASED), an audit event per switch and per allocation,
 * and a notification per allocation for the waiters.
 */
@Component
class BatchOutcomes {

  private final IntentGenerations generations;
  private final SwitchStates switches;
  private final BatchLog batches;
  private final AuditTrail audit;
  private final Transactions tx;
  private final Clock clock;
  private final FabricMetrics metrics;
  private final JdbcTemplate jdbc;

  BatchOutcomes(
      IntentGenerations generations,
      SwitchStates switches,
      BatchLog batches,
      AuditTrail audit,
      Transactions tx,
      Clock clock,
      FabricMetrics metrics,
      JdbcTemplate jdbc) {
    this.metrics = metrics;
    this.jdbc = jdbc;
    this.generations = generations;
    this.switches = switches;
    this.batches = batches;
    this.audit = audit;
    this.tx = tx;
    this.clock = clock;
  }

  /** Records {@code result}; returns the allocations that reached a final state. */
  List<AllocationTransition> record(BatchResult result) {
    // the verified configs as JSON, before the transaction and side by side: pure CPU, which
    // must not run while the transaction holds the fabric lock
    Map<String, String> configJson =
        result.confirmed().parallelStream()
            .collect(
                Collectors.toMap(
                    c -> c.target().name(), c -> DeviceConfigJson.write(c.target().target())));
    return tx.write(
        () -> {
          Instant now = clock.instant();
          // the statements go in as few round trips as their answers allow (RoundTrip): the fabric
          // lock is held from the first, and each round trip waits for a core on a busy host
          // (docs/perf/allocate-8-traced.md)
          RoundTrip applying = new RoundTrip(jdbc);
          generations.lockAgainstIntentChanges(applying);
          // switch rows in name order, as intent changes lock them
          List<SwitchChange> confirmed = new ArrayList<>(result.confirmed());
          confirmed.sort(Comparator.comparing(c -> c.target().name()));
          List<AppliedChange> applied = new ArrayList<>();
          List<AuditTrail.Stamped> events = new ArrayList<>();
          for (SwitchChange c : confirmed) {
            SwitchTarget t = c.target();
            metrics.transaction(c.elapsedNanos(), c.rpcs());
            applied.add(new AppliedChange(t.name(), t.generation(), configJson.get(t.name())));
            events.add(audit.stamp(appliedEvent(c, result.batchId())));
          }
          if (!applied.isEmpty()) {
            switches.recordApplied(applied, now, applying);
            audit.append(events, applying);
          }
          applying.send();
          List<SwitchFailure> failures = new ArrayList<>(result.failures());
          failures.sort(Comparator.comparing(SwitchFailure::switchName));
          for (SwitchFailure f : failures) {
            recordFailure(f, result.batchId(), now);
          }
          RoundTrip completing = new RoundTrip(jdbc);
          if (result.batchId() != null) {
            // a no-op for an ABORTED one
            batches.closeBatch(result.batchId(), "DONE", now, completing);
          }
          Supplier<List<AllocationTransition>> completed =
              switches.completeAllocations(now, completing);
          completing.send();
          List<AllocationTransition> done = completed.get();
          List<AuditTrail.Stamped> transitions = new ArrayList<>();
          for (AllocationTransition a : done) {
            if ("ACTIVE".equals(a.to())) {
              metrics.allocationActive(Duration.between(a.createdAt(), now));
            }
            transitions.add(
                audit.stamp(
                    new AuditRecord(
                        "ACTIVE".equals(a.to()) ? "allocation.active" : "allocation.released",
                        "allocation",
                        a.id().toString(),
                        a.tenant(),
                        a.tenantId(),
                        AuditOutcome.SUCCESS,
                        Map.of("status", a.to()))));
          }
          if (!done.isEmpty()) {
            RoundTrip announcing = new RoundTrip(jdbc);
            audit.append(transitions, announcing);
            generations.notifyAllocations(
                done.stream().map(AllocationTransition::id).toList(), announcing);
            announcing.send();
          }
          return done;
        });
  }

  private static AuditRecord appliedEvent(SwitchChange c, Long batch) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("generation", c.target().generation());
    details.put("batch", batch);
    details.put("profile", c.applied().profile().name());
    details.put("steps", c.applied().steps().size());
    // the edit RPCs that carried them: one per run of steps of one kind (EditGroup)
    details.put("edits", c.applied().edits());
    // what was sent, as the plan view shows it (the first 200 steps: a baseline is long)
    details.put(
        "stepList", c.applied().steps().stream().limit(200).map(EditStep::describe).toList());
    if (c.applied().replanned()) {
      details.put("replanned", true); // the stored config was wrong: drift repaired
    }
    if (!c.applied().cliFeatures().isEmpty()) {
      details.put("cliFallback", c.applied().cliFeatures().toString());
    }
    return new AuditRecord(
        "device.apply", "switch", c.target().name(), null, null, AuditOutcome.SUCCESS, details);
  }

  private void recordFailure(SwitchFailure f, Long batch, Instant now) {
    switches.recordError(f.switchName(), stateOf(f.kind()), f.phase(), f.message(), now);
    // after any failure, trust nothing stored: a wrong belief can show up as any failure (an edit
    // refused, a difference in what the plan wrote), and what a failed confirm left is unknown
    switches.invalidateConfig(f.switchName());
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("kind", f.kind().name());
    details.put("phase", f.phase());
    details.put("error", f.message());
    if (batch != null) {
      details.put("batch", batch);
    }
    audit.record(
        new AuditRecord(
            "device.apply", "switch", f.switchName(), null, null, AuditOutcome.FAILURE, details));
  }

  static String stateOf(FailureKind kind) {
    return switch (kind) {
      case REJECTED, INTERNAL -> "FAILED";
      case DRIFT -> "DRIFTED";
      case UNREACHABLE -> "UNREACHABLE";
      case LOCKED -> "PENDING";
      case NOT_READY -> "NOT_READY";
    };
  }
}
