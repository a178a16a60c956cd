package io.tenantfabric.controller.reconcile;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.concurrent.DaemonThreads;
import io.tenantfabric.controller.drift.DriftJson;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.observability.FabricMetrics;
import io.tenantfabric.controller.provision.BetweenBatches;
import io.tenantfabric.controller.provision.FabricSnapshots;
import io.tenantfabric.controller.provision.ProvisioningProperties;
import io.tenantfabric.controller.provision.SwitchFailure;
import io.tenantfabric.controller.provision.SwitchLifecycleChecks;
import io.tenantfabric.controller.provision.SwitchReader;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.lifecycle.CablingCheckStore;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.ReconcileRun;
import io.tenantfabric.db.provisioning.ReconcileStore;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.db.provisioning.SwitchStates;
import io.tenantfabric.model.compile.FabricCompiler;
import io.tenantfabric.model.compile.FabricSnapshot;
import io.tenantfabric.model.device.DeviceConfig;
import io.tenantfabric.model.drift.DriftDetector;
import io.tenantfabric.model.drift.DriftItem;
import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Finds what changed on the switches behind the controller's back: reads each managed switch that
 * is in sync (its applied generation is its intent's, so the compiled intent is what it must run)
 * between its transactions (on the provisioner thread, as its {@link BetweenBatches}), compares
 * with {@link DriftDetector}, and records the drift per switch and tenant. A drifted switch's
 * stored config is marked invalid, so its next change plans from what it really runs. Under the
 * policy {@code REPAIR} its desired generation is also moved on, so the next batch pushes the
 * intent again, and the run stays REPAIRING until each drifted switch applied that generation or
 * failed to ({@link #settle}). A switch with a change pending is left to that change (its read-back
 * finds any drift); a switch backing off is left alone, and so is a switch a fabric operation holds
 * (the operation brings it to its intent and checks it). Every other switch read has its day-0
 * checked first ({@link SwitchLifecycleChecks#checkDay0}): one without it is NOT_READY and not
 * compared, which is also how a switch in sync leaves NOT_READY once its installer is done. A
 * scheduled run also requests a cabling check of every managed switch.
 */
@Component
@Order(1)
@EnableConfigurationProperties(ReconcileProperties.class)
class Reconciler implements BetweenBatches, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(Reconciler.class);

  private static final String NOT_READY = "NOT_READY";

  private final ReconcileStore runs;
  private final IntentGenerations generations;
  private final SwitchStates switches;
  private final SnapshotReads reads;
  private final FabricOperationStore operations;
  private final FabricRepository fabrics;
  private final FabricModels models;
  private final FabricSnapshots snapshots;
  private final SwitchReader reader;
  private final AuditTrail audit;
  private final Transactions tx;
  private final Clock clock;
  private final FabricMetrics metrics;
  private final SwitchLifecycleChecks lifecycle;
  private final CablingCheckStore cablingChecks;
  private final ReconcileProperties properties;
  private final JsonMapper json = JsonMapper.builder().build();
  private final ExecutorService readers;
  private final Duration deadline;
  private volatile Optional<Instant> nextScheduled = Optional.empty();

  Reconciler(
      ReconcileStore runs,
      IntentGenerations generations,
      SwitchStates switches,
      SnapshotReads reads,
      FabricOperationStore operations,
      FabricRepository fabrics,
      FabricModels models,
      FabricSnapshots snapshots,
      SwitchReader reader,
      AuditTrail audit,
      Transactions tx,
      Clock clock,
      ReconcileProperties properties,
      ProvisioningProperties provisioning,
      FabricMetrics metrics,
      SwitchLifecycleChecks lifecycle,
      CablingCheckStore cablingChecks) {
    this.metrics = metrics;
    this.lifecycle = lifecycle;
    this.cablingChecks = cablingChecks;
    this.runs = runs;
    this.generations = generations;
    this.switches = switches;
    this.reads = reads;
    this.operations = operations;
    this.fabrics = fabrics;
    this.models = models;
    this.snapshots = snapshots;
    this.reader = reader;
    this.audit = audit;
    this.tx = tx;
    this.clock = clock;
    this.properties = properties;
    this.deadline = provisioning.unreachableDeadline();
    this.readers =
        Executors.newFixedThreadPool(
            properties.parallelism(), DaemonThreads.named("reconcile-read"));
  }

  @Override
  public void destroy() {
    readers.shutdownNow();
  }

  /**
   * Runs every requested run, and a scheduled one when it is due; returns whether any repair was
   * requested (the caller then runs a batch at once). {@code available}: switches that are not
   * backing off after a failure.
   */
  @Override
  public boolean runDue(Predicate<String> available, BooleanSupplier stillLeader) {
    Instant now = clock.instant();
    if (!properties.interval().isZero()) {
      Optional<Instant> last = tx.read(runs::lastScheduled);
      if (last.isEmpty() || !now.isBefore(last.get().plus(properties.interval()))) {
        tx.write(
            () -> {
              runs.request(UUID.randomUUID(), "FABRIC", properties.policy(), "SCHEDULE", now);
              runs.prune(now.minus(properties.retention()));
              // the cables of every managed switch, on the same schedule
              cablingChecks.request(UUID.randomUUID(), List.of(), "SCHEDULE", now);
              cablingChecks.prune(now.minus(properties.retention()));
              return null;
            });
        last = Optional.of(now);
      }
      nextScheduled = Optional.of(last.get().plus(properties.interval()));
    }
    boolean repaired = false;
    for (ReconcileRun run : tx.write(() -> runs.claimOpen(now))) {
      repaired |= execute(run, available, stillLeader);
    }
    return repaired;
  }

  /** When the next scheduled run is due (empty when the schedule is off), for the loop's wait. */
  @Override
  public Optional<Instant> nextScheduled() {
    return nextScheduled;
  }

  /**
   * Closes the runs whose repairs are over: each drifted switch applied the generation its repair
   * was given (REPAIRED), or failed to (REPAIR_FAILED, with the switch's own error: provisioning
   * goes on retrying it), or did not get there within the unreachable deadline.
   */
  @Override
  public void settle() {
    List<ReconcileRun> open = tx.read(runs::repairing);
    for (ReconcileRun run : open) {
      tx.write(
          () -> {
            settle(run, clock.instant());
            return null;
          });
    }
  }

  private void settle(ReconcileRun run, Instant now) {
    ArrayNode result = (ArrayNode) DriftJson.parse(run.resultJson());
    Map<String, ObjectNode> repairing = new LinkedHashMap<>();
    for (JsonNode n : result) {
      if ("REPAIRING".equals(n.path("outcome").asString())) {
        repairing.put(n.get("switch").asString(), (ObjectNode) n);
      }
    }
    Map<String, ReconcileStore.RepairProgress> progress = runs.repairProgress(repairing.keySet());
    boolean overdue = now.isAfter(run.startedAt().plus(deadline));
    boolean waiting = false;
    for (Map.Entry<String, ObjectNode> e : repairing.entrySet()) {
      ObjectNode o = e.getValue();
      ReconcileStore.RepairProgress p = progress.get(e.getKey());
      if (p == null) {
        o.put("outcome", "REPAIR_FAILED");
        o.put("error", "the switch is no longer in the fabric");
      } else if (p.appliedGeneration() >= o.get("repairGeneration").asLong()) {
        o.put("outcome", "REPAIRED");
      } else if (("FAILED".equals(p.state()) || "UNREACHABLE".equals(p.state()))
          && p.lastErrorAt() != null
          && !p.lastErrorAt().isBefore(run.startedAt())) {
        o.put("outcome", "REPAIR_FAILED");
        o.put("error", p.lastErrorPhase() + ": " + p.lastError());
      } else if (overdue) {
        o.put("outcome", "REPAIR_FAILED");
        o.put(
            "error",
            "not applied within "
                + deadline.toSeconds()
                + " s (state "
                + p.state()
                + "); provisioning goes on with it");
      } else {
        waiting = true;
      }
    }
    if (!waiting) {
      runs.finish(run.id(), "DONE", result.toString(), now);
    }
  }

  private record Finding(String switchName, String outcome, List<DriftItem> items, String error) {}

  private record Scope(
      List<PendingSwitch> switches, Map<String, DeviceConfig> expected, Set<String> held) {}

  private boolean execute(
      ReconcileRun run, Predicate<String> available, BooleanSupplier stillLeader) {
    Scope scope;
    try {
      scope = tx.read(() -> scope(run));
    } catch (RuntimeException e) {
      log.error("reconcile run {} could not read its scope", run.id(), e);
      tx.write(
          () -> {
            runs.finish(run.id(), "FAILED", "[]", clock.instant());
            return null;
          });
      return false;
    }
    List<Future<Finding>> reads = new ArrayList<>();
    for (PendingSwitch sw : scope.switches()) {
      if (scope.held().contains(sw.name())) {
        reads.add(
            CompletableFuture.completedFuture(new Finding(sw.name(), "HELD", List.of(), null)));
      } else if (sw.pending() && !NOT_READY.equals(sw.state())) {
        reads.add(
            CompletableFuture.completedFuture(new Finding(sw.name(), "PENDING", List.of(), null)));
      } else if (!available.test(sw.name())) {
        reads.add(
            CompletableFuture.completedFuture(
                new Finding(sw.name(), "BACKING_OFF", List.of(), null)));
      } else {
        reads.add(readers.submit(() -> checkAndCompare(sw, scope.expected().get(sw.name()))));
      }
    }
    List<Finding> findings = new ArrayList<>();
    for (Future<Finding> f : reads) {
      try {
        findings.add(f.get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while reading switches", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("a switch read failed unexpectedly", e.getCause());
      }
    }
    if (!stillLeader.getAsBoolean()) {
      return false; // fenced: the run stays RUNNING and the next leader does it again
    }
    boolean repair = "REPAIR".equals(run.policy());
    TreeSet<String> drifted = new TreeSet<>();
    tx.write(
        () -> {
          generations.lockAgainstIntentChanges();
          Instant now = clock.instant();
          for (Finding f : findings) {
            if ("DRIFTED".equals(f.outcome())) {
              drifted.add(f.switchName());
              runs.recordDrift(f.switchName(), DriftJson.write(f.items()).toString(), now);
              switches.invalidateConfig(f.switchName()); // the next change plans from what it runs
              audit.record(driftEvent(run, f));
              f.items().stream()
                  .collect(Collectors.groupingBy(i -> i.kind().name(), Collectors.counting()))
                  .forEach((kind, n) -> metrics.driftFound(kind, n.intValue()));
            } else if ("IN_SYNC".equals(f.outcome())) {
              runs.recordInSync(f.switchName());
            } else if ("UNREACHABLE".equals(f.outcome())) {
              runs.recordUnreachable(f.switchName(), f.error(), now);
            }
          }
          Map<String, Long> repairs = Map.of();
          if (repair && !drifted.isEmpty()) {
            repairs = runs.bumpForRepair(drifted); // the next batch pushes the intent again
            generations.notifyIntent();
          }
          ArrayNode result = result(findings, repairs);
          if (repairs.isEmpty()) {
            runs.finish(run.id(), "DONE", result.toString(), now);
          } else {
            runs.markRepairing(run.id(), result.toString());
          }
          return null;
        });
    if (!drifted.isEmpty()) {
      log.warn(
          "reconcile {} found drift on {} ({})",
          run.id(),
          drifted,
          repair ? "repairing" : "reported only");
    }
    return repair && !drifted.isEmpty();
  }

  private static AuditRecord driftEvent(ReconcileRun run, Finding f) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("run", run.id().toString());
    details.put("policy", run.policy());
    details.put("items", f.items().size());
    details.put(
        "tenants",
        f.items().stream()
            .map(DriftItem::tenant)
            .filter(t -> t != null)
            .distinct()
            .sorted()
            .toList());
    return new AuditRecord(
        "device.drift", "switch", f.switchName(), null, null, AuditOutcome.FAILURE, details);
  }

  private Scope scope(ReconcileRun run) {
    List<PendingSwitch> managed =
        reads.managedSwitches().stream()
            .filter(s -> "FABRIC".equals(run.scope()) || s.name().equals(run.scope()))
            .toList();
    Map<String, DeviceConfig> expected = new LinkedHashMap<>();
    Optional<FabricEntity> row = fabrics.findFabric();
    if (row.isPresent()) {
      FabricSnapshot snapshot = snapshots.current(models.of(row.get()));
      List<SwitchName> inSync =
          managed.stream().filter(s -> !s.pending()).map(s -> new SwitchName(s.name())).toList();
      FabricCompiler.compile(snapshot, inSync).forEach((k, v) -> expected.put(k.value(), v));
    }
    return new Scope(managed, expected, operations.heldSwitches());
  }

  /**
   * Day-0 first, on every reconcile of a switch: a switch without it is {@code NOT_READY} (its
   * config is not compared: the installer's work is not done); one that just left {@code NOT_READY}
   * is to be pushed again and is left to that change, as a pending switch is.
   */
  private Finding checkAndCompare(PendingSwitch sw, DeviceConfig expected) {
    List<Day0Gap> gaps;
    try {
      gaps = lifecycle.checkDay0(new SwitchName(sw.name()));
    } catch (RuntimeException e) {
      return new Finding(
          sw.name(), "UNREACHABLE", List.of(), SwitchFailure.of(sw.name(), "day-0", e).message());
    }
    if (!gaps.isEmpty()) {
      return new Finding(
          sw.name(),
          NOT_READY,
          List.of(),
          "day-0 incomplete: "
              + gaps.stream().map(Day0Gap::toString).collect(Collectors.joining("; ")));
    }
    if (sw.pending() || NOT_READY.equals(sw.state()) || expected == null) {
      return new Finding(sw.name(), "PENDING", List.of(), null);
    }
    return compare(sw, expected);
  }

  private Finding compare(PendingSwitch sw, DeviceConfig expected) {
    try {
      SwitchReader.Running running = reader.read(sw, expected);
      List<DriftItem> items = new ArrayList<>(DriftDetector.compare(expected, running.config()));
      for (String anomaly : running.anomalies()) {
        // what the model cannot express can hide anything: drift by definition
        items.add(DriftItem.unmodeled(anomaly));
      }
      return new Finding(sw.name(), items.isEmpty() ? "IN_SYNC" : "DRIFTED", items, null);
    } catch (RuntimeException e) {
      return new Finding(
          sw.name(), "UNREACHABLE", List.of(), SwitchFailure.of(sw.name(), "read", e).message());
    }
  }

  private ArrayNode result(List<Finding> findings, Map<String, Long> repairs) {
    ArrayNode a = json.createArrayNode();
    for (Finding f : findings) {
      ObjectNode o = a.addObject();
      o.put("switch", f.switchName());
      Long repairGeneration = repairs.get(f.switchName());
      o.put("outcome", repairGeneration != null ? "REPAIRING" : f.outcome());
      o.set("items", DriftJson.write(f.items()));
      if (f.error() != null) {
        o.put("error", f.error());
      }
      if (repairGeneration != null) {
        o.put("repairGeneration", repairGeneration);
      }
    }
    return a;
  }
}
