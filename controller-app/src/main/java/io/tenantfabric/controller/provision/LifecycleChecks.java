package io.tenantfabric.controller.provision;

import io.tenantfabric.controller.audit.AuditOutcome;
import io.tenantfabric.controller.audit.AuditRecord;
import io.tenantfabric.controller.audit.AuditTrail;
import io.tenantfabric.controller.fabric.FabricModels;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.FabricEntity;
import io.tenantfabric.db.fabric.FabricRepository;
import io.tenantfabric.db.lifecycle.Day0Records;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.db.provisioning.PendingSwitch;
import io.tenantfabric.db.provisioning.SnapshotReads;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CablePlan;
import io.tenantfabric.model.lifecycle.CablingChecker;
import io.tenantfabric.model.lifecycle.CablingObservation;
import io.tenantfabric.model.lifecycle.Day0Check;
import io.tenantfabric.model.lifecycle.Day0Facts;
import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.lifecycle.SerialNumberCheck;
import io.tenantfabric.model.lifecycle.SwitchIdentity;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.lifecycle.CablingReading;
import io.tenantfabric.southbound.comware.lifecycle.ComwareLifecycleReader;
import io.tenantfabric.southbound.session.NetconfSession;
import io.tenantfabric.southbound.session.SessionPool;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * {@link SwitchLifecycleChecks} over the provisioner's pooled sessions: reads with the southbound's
 * {@link ComwareLifecycleReader}, judges with the core ({@link Day0Check}, {@link
 * SerialNumberCheck}, {@link CablingChecker}) and records the verdicts, each recording in one
 * transaction that takes the fabric lock first (a change of what placement may use moves the intent
 * version, as intent changes do). Also checks the cabling of several switches at once as one run,
 * recorded by {@link CablingRecorder} in one transaction with one audit event ({@link #check}).
 */
@Component
class LifecycleChecks implements SwitchLifecycleChecks {

  private static final Logger log = LoggerFactory.getLogger(LifecycleChecks.class);

  private final SessionPool pool;
  private final SnapshotReads switches;
  private final FabricRepository fabrics;
  private final FabricModels models;
  private final Day0Records day0;
  private final CablingRecorder recorder;
  private final IntentGenerations generations;
  private final AuditTrail audit;
  private final Transactions tx;
  private final SwitchFanOut fanOut;
  private final Clock clock;

  LifecycleChecks(
      SessionPool pool,
      SnapshotReads switches,
      FabricRepository fabrics,
      FabricModels models,
      Day0Records day0,
      CablingRecorder recorder,
      IntentGenerations generations,
      AuditTrail audit,
      Transactions tx,
      SwitchFanOut fanOut,
      Clock clock) {
    this.pool = pool;
    this.switches = switches;
    this.fabrics = fabrics;
    this.models = models;
    this.day0 = day0;
    this.recorder = recorder;
    this.generations = generations;
    this.audit = audit;
    this.tx = tx;
    this.fanOut = fanOut;
    this.clock = clock;
  }

  @Override
  public SwitchIdentity identity(SwitchName name) {
    return onSession(tx.read(() -> scope().managed(name)), ComwareLifecycleReader::identity);
  }

  /**
   * Reads the day-0 facts (and, when the inventory pins a serial number, the identity), records the
   * verdict and returns the gaps. A switch with gaps is {@code NOT_READY}; one that was and has
   * none goes back to {@code PENDING} with its stored config distrusted and its desired generation
   * moved on, so the next batch reads it, plans from what it runs and pushes its whole intent
   * (never {@code IN_SYNC} on the strength of this read alone: what made it not ready, a wipe say,
   * may have taken its configuration too).
   */
  @Override
  public List<Day0Gap> checkDay0(SwitchName name) {
    record Target(PendingSwitch sw, Fabric fabric, Optional<String> pinned) {}
    Target t =
        tx.read(
            () -> {
              Scope s = scope();
              return new Target(s.managed(name), s.fabric(), day0.pinnedSerial(name.value()));
            });
    record Facts(Day0Facts day0, Optional<SwitchIdentity> identity) {}
    Facts facts =
        onSession(
            t.sw(),
            r ->
                new Facts(
                    r.day0(),
                    t.pinned().isPresent() ? Optional.of(r.identity()) : Optional.empty()));
    List<Day0Gap> gaps = new ArrayList<>(Day0Check.gaps(t.fabric(), name, facts.day0()));
    facts.identity().flatMap(id -> SerialNumberCheck.gap(id, t.pinned())).ifPresent(gaps::add);
    recordDay0(name.value(), gaps);
    return List.copyOf(gaps);
  }

  /**
   * Reads and records the cabling of one switch whatever its state, as a run of its own: one audit
   * event (trigger {@code OPERATION}) listing the ports that changed.
   */
  @Override
  public List<CableCheck> checkCabling(SwitchName name) {
    Scope scope = tx.read(this::scope);
    PendingSwitch sw = scope.managed(name);
    CablingObservation seen = observe(sw);
    List<CableCheck> checks = CablingChecker.check(CablePlan.of(scope.fabric(), name), seen);
    recorder.record(
        Map.of(name.value(), new CablingRun.SwitchCheck("CHECKED", checks, null)),
        "OPERATION",
        null,
        true);
    return checks;
  }

  @Override
  public Map<String, CablingRun.SwitchCheck> checkCabling(Collection<SwitchName> names) {
    if (names.isEmpty()) {
      return Map.of();
    }
    List<String> asked = names.stream().map(SwitchName::value).distinct().toList();
    return check(asked, "OPERATION", null, n -> true, () -> true)
        .map(CablingRun::switches)
        .orElse(Map.of());
  }

  /**
   * Checks the cabling of {@code names} (empty: every managed switch) as one run: switches not
   * managed, {@code NOT_READY} (LLDP may be off: every port would look wrong) or not {@code
   * available} are left alone, the rest read at once; the verdicts are recorded in one transaction
   * with one audit event when a port changed, an isolation finding stands or {@code trigger} is
   * {@code API}. Empty when this instance stopped leading during the reads (nothing recorded); no
   * switch at all before a fabric is defined.
   */
  Optional<CablingRun> check(
      Collection<String> names,
      String trigger,
      UUID run,
      Predicate<String> available,
      BooleanSupplier stillLeader) {
    if (tx.read(() -> fabrics.findFabric().isEmpty())) {
      return Optional.of(new CablingRun(Map.of(), List.of(), List.of())); // nothing planned yet
    }
    Scope scope = tx.read(this::scope);
    Map<String, CablingRun.SwitchCheck> outcomes = new TreeMap<>();
    List<PendingSwitch> toRead = new ArrayList<>();
    Collection<String> asked = names.isEmpty() ? scope.byName().keySet() : names;
    for (String name : asked) {
      PendingSwitch sw = scope.byName().get(name);
      if (sw == null) {
        outcomes.put(name, new CablingRun.SwitchCheck("UNMANAGED", List.of(), null));
      } else if ("NOT_READY".equals(sw.state())) {
        outcomes.put(name, new CablingRun.SwitchCheck("NOT_READY", List.of(), null));
      } else if (!available.test(name)) {
        outcomes.put(name, new CablingRun.SwitchCheck("BACKING_OFF", List.of(), null));
      } else {
        toRead.add(sw);
      }
    }
    List<CablingRun.SwitchCheck> read =
        fanOut.onEach(
            toRead,
            sw -> {
              SwitchName name = new SwitchName(sw.name());
              try {
                CablingObservation seen = observe(sw);
                return new CablingRun.SwitchCheck(
                    "CHECKED",
                    CablingChecker.check(CablePlan.of(scope.fabric(), name), seen),
                    null);
              } catch (RuntimeException e) {
                return new CablingRun.SwitchCheck(
                    "UNREACHABLE", List.of(), SwitchFailure.of(sw.name(), "cabling", e).message());
              }
            });
    for (int i = 0; i < toRead.size(); i++) {
      outcomes.put(toRead.get(i).name(), read.get(i));
    }
    if (!stillLeader.getAsBoolean()) {
      return Optional.empty(); // the next leader runs it again
    }
    return Optional.of(recorder.record(outcomes, trigger, run, "API".equals(trigger)));
  }

  /**
   * A switch whose lifecycle read failed: {@code UNREACHABLE} with the failure's words, unless it
   * is {@code NOT_READY} (which stays until a read finds its day-0 there).
   */
  void recordUnreachable(SwitchFailure f) {
    tx.write(
        () -> {
          generations.lockAgainstIntentChanges();
          day0.recordUnreachable(f.switchName(), f.phase(), f.message(), clock.instant());
          return null;
        });
  }

  private void recordDay0(String name, List<Day0Gap> gaps) {
    tx.write(
        () -> {
          generations.lockAgainstIntentChanges();
          Optional<String> before =
              day0.record(name, gaps.isEmpty(), Day0Json.write(gaps), clock.instant());
          boolean wasNotReady = before.filter("NOT_READY"::equals).isPresent();
          Map<String, Object> details = new LinkedHashMap<>();
          if (gaps.isEmpty() && wasNotReady) {
            details.put("ready", true);
            details.put("desiredGeneration", day0.pushAgain(name));
            generations.notifyIntent();
            audit.record(
                new AuditRecord(
                    "device.day0", "switch", name, null, null, AuditOutcome.SUCCESS, details));
            log.info("{} is ready: its day-0 configuration is there; pushing its intent", name);
          } else if (!gaps.isEmpty() && !wasNotReady && before.isPresent()) {
            details.put("ready", false);
            details.put("gaps", Day0Json.maps(gaps));
            audit.record(
                new AuditRecord(
                    "device.day0", "switch", name, null, null, AuditOutcome.FAILURE, details));
            log.warn("{} is not ready, day-0 incomplete: {}", name, gaps);
          }
          return null;
        });
  }

  /** The managed switches and the fabric, read in the caller's transaction. */
  private Scope scope() {
    Map<String, PendingSwitch> byName = new TreeMap<>();
    switches.managedSwitches().forEach(s -> byName.put(s.name(), s));
    FabricEntity row =
        fabrics.findFabric().orElseThrow(() -> new IllegalStateException("no fabric defined"));
    return new Scope(byName, models.of(row));
  }

  private record Scope(Map<String, PendingSwitch> byName, Fabric fabric) {

    PendingSwitch managed(SwitchName name) {
      PendingSwitch sw = byName.get(name.value());
      if (sw == null) {
        throw new IllegalArgumentException(name + " is not a managed switch of the fabric");
      }
      return sw;
    }
  }

  /** What {@code sw} sees on its ports; the neighbour rows the read left out are logged. */
  private CablingObservation observe(PendingSwitch sw) {
    CablingReading reading = onSession(sw, r -> r.cabling(new SwitchName(sw.name())));
    if (!reading.skipped().isEmpty()) {
      log.info("{}: LLDP neighbours not judged: {}", sw.name(), reading.skipped());
    }
    return reading.observation();
  }

  /** {@code read} on the switch's pooled session; a failed read drops the session. */
  private <T> T onSession(PendingSwitch sw, Function<ComwareLifecycleReader, T> read) {
    try (NetconfSession session = pool.session(Endpoints.of(sw))) {
      return read.apply(new ComwareLifecycleReader(session));
    } catch (RuntimeException e) {
      pool.evict(sw.name());
      throw e;
    }
  }
}
