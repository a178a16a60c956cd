package io.tenantfabric.controller.operation;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.notify.LeadershipChanged;
import io.tenantfabric.controller.notify.PgListener;
import io.tenantfabric.controller.provision.BetweenBatches;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.isolation.IsolationAuditStore;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.OperationChange;
import io.tenantfabric.db.provisioning.IntentGenerations;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.event.EventListener;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the stored fabric operations on the provisioning leader, between its batches (its {@link
 * BetweenBatches}): every open operation from the step it is at, each transition recorded before
 * the next step starts, so that a restart or a new leader goes on from the last recorded step. A
 * step waiting for a switch is tried again after {@code fabric.operations.retry-interval}; one the
 * controller works on (a push, an audit) is looked at again after each batch and wake-up. When no
 * operation is open and none was requested since, a cycle costs no query.
 */
@Component
@Order(3)
@EnableConfigurationProperties(OperationProperties.class)
class OperationRunner implements BetweenBatches {

  private static final Logger log = LoggerFactory.getLogger(OperationRunner.class);

  /** The step an operation is at and since when this leader has waited for it. */
  private record Since(String step, Instant at) {}

  private final FabricOperationStore operations;
  private final Map<String, OperationMachine> machines = new HashMap<>();
  private final IntentGenerations generations;
  private final AuditTrail audit;
  private final Transactions tx;
  private final Clock clock;
  private final JsonMapper json;
  private final OperationProperties properties;

  /** Moves on with every request heard (and every leadership change): a reason to look again. */
  private final AtomicLong heard = new AtomicLong(1);

  // the provisioner thread's own: it runs every method below but the listener's
  private long lookedAt;
  private BooleanSupplier leading = () -> false;
  private final Map<UUID, Since> since = new HashMap<>();
  private final Map<UUID, Instant> retryAt = new HashMap<>();

  OperationRunner(
      FabricOperationStore operations,
      List<OperationMachine> machines,
      IntentGenerations generations,
      AuditTrail audit,
      Transactions tx,
      Clock clock,
      JsonMapper json,
      OperationProperties properties,
      PgListener listener) {
    this.operations = operations;
    machines.forEach(m -> this.machines.put(m.kind(), m));
    this.generations = generations;
    this.audit = audit;
    this.tx = tx;
    this.clock = clock;
    this.json = json;
    this.properties = properties;
    // a null payload (the listener reconnected) may hide a request too. Subscribed before the
    // provisioner's wake-up on the same channel (the provisioner is built with this bean), so a
    // cycle that a request wakes sees it counted
    listener.subscribe(FabricOperationStore.REQUESTED_CHANNEL, payload -> heard.incrementAndGet());
  }

  /**
   * A new term looks at every open operation again, each step with its whole time; published on the
   * provisioner thread, as every method below but the listener's runs.
   */
  @EventListener
  void leadershipChanged(LeadershipChanged e) {
    since.clear();
    retryAt.clear();
    heard.incrementAndGet();
  }

  @Override
  public boolean runDue(Predicate<String> available, BooleanSupplier stillLeader) {
    this.leading = stillLeader;
    return runOpen();
  }

  /** After a batch: a push it applied moves its operation on at once. */
  @Override
  public void settle() {
    runOpen();
  }

  @Override
  public Optional<Instant> nextScheduled() {
    return retryAt.values().stream().min(Instant::compareTo);
  }

  @Override
  public Set<String> wakeChannels() {
    // a request to run, and an audit that finished (a replace may be waiting for it)
    return Set.of(FabricOperationStore.REQUESTED_CHANNEL, IsolationAuditStore.DONE_CHANNEL);
  }

  private boolean runOpen() {
    long seen = heard.get();
    if (seen == lookedAt || !leading.getAsBoolean()) {
      return false;
    }
    List<FabricOperationRow> open = tx.read(operations::running);
    if (open.isEmpty()) {
      lookedAt = seen;
      since.clear();
      retryAt.clear();
      return false;
    }
    boolean batchNow = false;
    for (FabricOperationRow row : open) {
      if (!leading.getAsBoolean()) {
        break;
      }
      Instant due = retryAt.get(row.id());
      OperationMachine machine = machines.get(row.kind());
      if (machine == null || (due != null && clock.instant().isBefore(due))) {
        continue;
      }
      try {
        batchNow |= runOne(row, machine);
      } catch (RuntimeException e) {
        // an operation that cannot be run now must not stop the batches: it is tried again later
        log.error("operation {} could not be run; trying again", row.id(), e);
        retryAt.put(row.id(), clock.instant().plus(properties.retryInterval()));
      }
    }
    return batchNow;
  }

  /** Runs one operation from its stored step; true when it asked for a batch. */
  private boolean runOne(FabricOperationRow row, OperationMachine machine) {
    UUID id = row.id();
    String step = row.step();
    Since s = since.get(id);
    Instant waitingSince = s != null && s.step().equals(step) ? s.at() : clock.instant();
    // what is stored now: a transition that changes nothing is not written again
    String[] at = {row.state(), row.step(), row.waitingForJson(), row.progressJson()};
    OperationTransition last = machine.run(row, waitingSince, t -> record(row, t, at));
    if (last == null) {
      return false;
    }
    if (last.finished()) {
      since.remove(id);
      retryAt.remove(id);
      return last.batchNow();
    }
    since.put(
        id,
        last.step().equals(step)
            ? new Since(step, waitingSince)
            : new Since(last.step(), clock.instant()));
    if ("WAITING".equals(last.state())) {
      retryAt.put(id, clock.instant().plus(properties.retryInterval()));
    } else {
      retryAt.remove(id);
    }
    return last.batchNow();
  }

  /** Stores a transition while this instance leads; the end of an operation is audited with it. */
  private boolean record(FabricOperationRow row, OperationTransition t, String[] at) {
    if (!leading.getAsBoolean()) {
      return false; // fenced: the next leader goes on from the last recorded step
    }
    OperationChange change =
        new OperationChange(
            row.id(),
            t.state(),
            t.step(),
            json.writeValueAsString(t.waitingFor()),
            t.error(),
            json.writeValueAsString(t.progress()));
    if (t.state().equals(at[0])
        && t.step().equals(at[1])
        && sameJson(change.waitingForJson(), at[2])
        && sameJson(change.progressJson(), at[3])) {
      return true; // still waiting for the same thing: nothing to store, nobody to wake
    }
    boolean recorded =
        tx.write(
            () -> {
              if (t.finished()) {
                // releasing the holds recomputes allocations' health: the provisioner's lock order
                generations.lockAgainstIntentChanges();
              }
              boolean stored = operations.record(change, clock.instant());
              if (stored && t.finished()) {
                audit.record(endEvent(row, t));
              }
              return stored;
            });
    boolean moved = !t.state().equals(at[0]) || !t.step().equals(at[1]);
    if (recorded) {
      at[0] = t.state();
      at[1] = t.step();
      at[2] = change.waitingForJson();
      at[3] = change.progressJson();
    }
    if (recorded && moved) {
      log.info(
          "operation {} ({} {}): {} at {}{}",
          row.id(),
          row.kind(),
          String.join(",", row.switches()),
          t.state(),
          t.step(),
          t.error() == null ? "" : ": " + t.error());
    }
    return recorded;
  }

  // PostgreSQL writes jsonb back in a form of its own: compare what it says, not how
  private boolean sameJson(String a, String b) {
    return json.readTree(a).equals(json.readTree(b));
  }

  private static AuditRecord endEvent(FabricOperationRow row, OperationTransition t) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("operation", row.id().toString());
    details.put("kind", row.kind());
    details.put("step", t.step());
    details.put("switches", row.switches());
    if (t.error() != null) {
      details.put("error", t.error());
    }
    return new AuditRecord(
        "operation." + t.state().toLowerCase(Locale.ROOT),
        "operation",
        row.id().toString(),
        null,
        null,
        "FAILED".equals(t.state()) ? AuditOutcome.FAILURE : AuditOutcome.SUCCESS,
        details);
  }
}
