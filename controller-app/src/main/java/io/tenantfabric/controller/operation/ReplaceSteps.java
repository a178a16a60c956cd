package io.tenantfabric.controller.operation;

import io.tenantfabric.controller.provision.SwitchFailure;
import io.tenantfabric.controller.provision.SwitchLifecycleChecks;
import io.tenantfabric.controller.provision.SwitchSessions;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.isolation.IsolationAuditRow;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.PushProgress;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.lifecycle.SwitchIdentity;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The steps of a replace against the switch and the database, on the provisioner thread: the
 * identity and the day-0 and cabling checks through {@link SwitchLifecycleChecks}, the push through
 * the ordinary batches (the switch's stored config marked invalid and its desired generation
 * raised, so that the next batch plans from a live read of what it runs and pushes everything), and
 * the audit through the isolation auditor (an audit of the switch alone, asked for in the database
 * and read back).
 */
@Component
class ReplaceSteps implements ReplaceEffects {

  /** Isolation audits one replace asks for at most, when they fail or cannot read the switch. */
  static final int MAX_AUDITS = 3;

  /** Findings an error names at most. */
  static final int NAMED_FINDINGS = 5;

  private final SwitchLifecycleChecks checks;
  private final SwitchSessions sessions;
  private final FabricOperationStore operations;
  private final IsolationAuditStore audits;
  private final IntentGenerations generations;
  private final Transactions tx;
  private final Clock clock;
  private final JsonMapper json;

  ReplaceSteps(
      SwitchLifecycleChecks checks,
      SwitchSessions sessions,
      FabricOperationStore operations,
      IsolationAuditStore audits,
      IntentGenerations generations,
      Transactions tx,
      Clock clock,
      JsonMapper json) {
    this.checks = checks;
    this.sessions = sessions;
    this.operations = operations;
    this.audits = audits;
    this.generations = generations;
    this.tx = tx;
    this.clock = clock;
    this.json = json;
  }

  @Override
  public StepOutcome identity(ReplaceContext c) {
    // whatever this instance still has open to the switch was opened under the old identity
    sessions.drop(c.switchName());
    SwitchIdentity identity;
    try {
      identity = checks.identity(c.switchName());
    } catch (RuntimeException e) {
      return unanswered(c, "identity", e);
    }
    String expected = c.target().serialNumber();
    if (!expected.equals(identity.serialNumber())) {
      return new StepOutcome.Failed(
          c.switchName()
              + " reports serial number "
              + (identity.serialNumber().isEmpty() ? "(none)" : identity.serialNumber())
              + " behind the pinned host key, but the replace names serial number "
              + expected
              + ": check which switch was installed, then post a replace with its serial"
              + " number");
    }
    return new StepOutcome.Passed(c.progress());
  }

  @Override
  public StepOutcome day0(ReplaceContext c) {
    List<Day0Gap> gaps;
    try {
      gaps = checks.checkDay0(c.switchName());
    } catch (RuntimeException e) {
      return unanswered(c, "day0", e);
    }
    if (gaps.isEmpty()) {
      return new StepOutcome.Passed(c.progress());
    }
    return new StepOutcome.Failed(
        "the day-0 configuration of "
            + c.switchName()
            + " is incomplete, so it stays NOT_READY: "
            + gaps.stream().map(Day0Gap::toString).collect(Collectors.joining("; "))
            + ". Have the installer complete it, then post the replace again.");
  }

  @Override
  public StepOutcome cabling(ReplaceContext c) {
    try {
      Map<String, Integer> byState = new TreeMap<>();
      for (CableCheck check : checks.checkCabling(c.switchName())) {
        byState.merge(check.state().name(), 1, Integer::sum);
      }
      return new StepOutcome.Passed(c.progress().cabled(byState));
    } catch (RuntimeException e) {
      // cabling is recorded for the operator to act on; it never stops a replace
      return new StepOutcome.Passed(
          c.progress()
              .cablingUnchecked(SwitchFailure.of(c.switchName().value(), "cabling", e).message()));
    }
  }

  @Override
  public StepOutcome push(ReplaceContext c) {
    String name = c.switchName().value();
    Long generation = c.progress().pushGeneration();
    if (generation == null) {
      Instant now = clock.instant();
      long raised =
          tx.write(
              () -> {
                generations.lockAgainstIntentChanges(); // the fabric row first, as intent changes
                operations.admitBatches(c.operation(), name);
                long g = operations.raiseForWholePush(name);
                generations.notifyIntent();
                return g;
              });
      return new StepOutcome.Working(
          List.of(name + " to apply generation " + raised + " and verify it"),
          c.progress().pushed(raised, now),
          true);
    }
    Optional<PushProgress> found = tx.read(() -> operations.pushProgress(name));
    if (found.isEmpty()) {
      return new StepOutcome.Failed(name + " is no longer in the fabric");
    }
    PushProgress p = found.get();
    if (p.appliedGeneration() >= generation && "IN_SYNC".equals(p.state())) {
      return new StepOutcome.Passed(c.progress());
    }
    if ("FAILED".equals(p.state())
        && p.lastErrorAt() != null
        && !p.lastErrorAt().isBefore(c.progress().pushRaisedAt())) {
      return new StepOutcome.Failed(
          name + " refused its configuration (" + p.lastErrorPhase() + "): " + p.lastError());
    }
    return new StepOutcome.Working(
        List.of(
            name
                + " to apply generation "
                + generation
                + " and verify it (applied "
                + p.appliedGeneration()
                + ", "
                + p.state()
                + (p.lastError() == null || "IN_SYNC".equals(p.state())
                    ? ""
                    : "; last error: " + p.lastError())
                + ")"),
        c.progress(),
        false);
  }

  @Override
  public StepOutcome audit(ReplaceContext c) {
    String name = c.switchName().value();
    UUID id = c.progress().auditId();
    if (id == null) {
      return requestAudit(c);
    }
    Optional<IsolationAuditRow> found = tx.read(() -> audits.find(id));
    if (found.isEmpty()) {
      return requestAudit(c); // pruned or never committed: ask again
    }
    IsolationAuditRow audit = found.get();
    switch (audit.status()) {
      case "CLEAN":
        return new StepOutcome.Passed(c.progress());
      case "FINDINGS":
        return new StepOutcome.Failed(
            "the isolation audit " + id + " of " + name + " found: " + findings(audit));
      case "INCOMPLETE":
      case "FAILED":
        if (c.progress().attempts() >= MAX_AUDITS) {
          return new StepOutcome.Failed(
              "the isolation audit of "
                  + name
                  + " did not finish "
                  + MAX_AUDITS
                  + " times; the last, "
                  + id
                  + ", ended "
                  + audit.status()
                  + (audit.failure() == null ? "" : ": " + audit.failure())
                  + (audit.unreadable() == null || audit.unreadable().isEmpty()
                      ? ""
                      : " (unreadable: " + String.join(", ", audit.unreadable()) + ")"));
        }
        return requestAudit(c);
      default:
        return new StepOutcome.Working(
            List.of("isolation audit " + id + " of " + name), c.progress(), false);
    }
  }

  private StepOutcome requestAudit(ReplaceContext c) {
    String name = c.switchName().value();
    if (c.progress().attempts() >= MAX_AUDITS) {
      return new StepOutcome.Failed(
          "no isolation audit of " + name + " could be kept after " + MAX_AUDITS + " requests");
    }
    UUID id = UUID.randomUUID();
    tx.write(
        () -> {
          audits.request(id, "OPERATION", List.of(name), clock.instant());
          return null;
        });
    return new StepOutcome.Working(
        List.of("isolation audit " + id + " of " + name), c.progress().audit(id), false);
  }

  /** The audit's findings in a sentence each: kind, where, whose, and the auditor's summary. */
  private String findings(IsolationAuditRow audit) {
    JsonNode all = json.readTree(audit.findingsJson() == null ? "[]" : audit.findingsJson());
    List<String> named = new ArrayList<>();
    for (JsonNode f : all) {
      if (named.size() == NAMED_FINDINGS) {
        break;
      }
      StringBuilder s = new StringBuilder(f.path("kind").asString(""));
      if (!f.path("switch").isNull() && !f.path("switch").isMissingNode()) {
        s.append(" on ").append(f.path("switch").asString(""));
      }
      if (!f.path("port").isNull() && !f.path("port").isMissingNode()) {
        s.append(' ').append(f.path("port").asString(""));
      }
      List<String> tenants = new ArrayList<>();
      f.path("tenants").forEach(t -> tenants.add(t.asString("")));
      if (!tenants.isEmpty()) {
        s.append(" (").append(String.join(", ", tenants)).append(')');
      }
      s.append(": ").append(f.path("summary").asString(""));
      named.add(s.toString());
    }
    int more = all.size() - named.size();
    return String.join("; ", named) + (more > 0 ? "; and " + more + " more" : "");
  }

  private static StepOutcome unanswered(ReplaceContext c, String phase, RuntimeException e) {
    return new StepOutcome.Waiting(
        List.of(
            c.switchName()
                + " to answer behind host key "
                + c.target().hostKeySha256()
                + " ("
                + SwitchFailure.of(c.switchName().value(), phase, e).message()
                + ")"));
  }
}
