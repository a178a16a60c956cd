package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.provision.SwitchFailure;
import io.tenantfabric.controller.provision.SwitchLifecycleChecks;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.fabric.SwitchEntity;
import io.tenantfabric.db.fabric.SwitchRepository;
import io.tenantfabric.db.lifecycle.Day0Records;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.OperationDevices;
import io.tenantfabric.db.operation.PushProgress;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.lifecycle.Day0Gap;
import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Brings one switch a growth adds into service, one attempt at a time: its inventory (kept with the
 * growth) goes onto its row, it must answer behind the pinned host key with its day-0 complete,
 * then the ordinary batches push its whole intended configuration (the growth lets them in), and
 * once that is applied and verified the growth gives the switch back. Each attempt says what the
 * switch waits for, in words an installer can act on.
 */
@Component
class GrowthOnboarding {

  /** Where onboarding of a switch stands after an attempt. */
  record Result(
      boolean onboarded,
      Optional<String> waitingFor,
      boolean outside,
      GrowthProgress progress,
      boolean batchNow) {}

  private final SwitchRepository switches;
  private final OperationDevices devices;
  private final FabricOperationStore operations;
  private final Day0Records day0;
  private final SwitchLifecycleChecks checks;
  private final IntentGenerations generations;
  private final Transactions tx;

  GrowthOnboarding(
      SwitchRepository switches,
      OperationDevices devices,
      FabricOperationStore operations,
      Day0Records day0,
      SwitchLifecycleChecks checks,
      IntentGenerations generations,
      Transactions tx) {
    this.switches = switches;
    this.devices = devices;
    this.operations = operations;
    this.day0 = day0;
    this.checks = checks;
    this.generations = generations;
    this.tx = tx;
  }

  Result attempt(UUID growth, String name, GrowthProgress p) {
    Long raised = p.pushes().get(name);
    if (raised != null) {
      return pushed(growth, name, raised, p);
    }
    Optional<String> missing = inventory(growth, name);
    if (missing.isPresent()) {
      return new Result(false, missing, true, p, false);
    }
    List<Day0Gap> gaps;
    try {
      gaps = checks.checkDay0(new SwitchName(name));
    } catch (RuntimeException e) {
      return new Result(
          false,
          Optional.of(
              name
                  + " to answer (installed, powered, reachable behind its pinned host key?): "
                  + SwitchFailure.of(name, "day0", e).message()),
          true,
          p,
          false);
    }
    if (!gaps.isEmpty()) {
      return new Result(
          false,
          Optional.of(
              "the day-0 configuration of "
                  + name
                  + ": "
                  + gaps.stream().map(Day0Gap::toString).collect(Collectors.joining("; "))),
          true,
          p,
          false);
    }
    long generation =
        tx.write(
            () -> {
              generations.lockAgainstIntentChanges(); // the fabric row first, as intent changes
              operations.admitBatches(growth, name);
              long g = operations.raiseForWholePush(name);
              generations.notifyIntent();
              return g;
            });
    return new Result(
        false,
        Optional.of(name + " to apply generation " + generation + " and verify it"),
        false,
        p.withPush(name, generation),
        true);
  }

  /** The inventory onto the switch's row, if the growth has it; else what is missing. */
  private Optional<String> inventory(UUID growth, String name) {
    // every attempt passes here: only a switch still without inventory costs the fabric lock
    if (tx.read(() -> switches.findById(name).flatMap(SwitchEntity::device).isPresent())) {
      return Optional.empty();
    }
    return tx.write(
        () -> {
          generations.lockAgainstIntentChanges();
          SwitchEntity row =
              switches
                  .findById(name)
                  .orElseThrow(() -> new IllegalStateException(name + " is not in the fabric"));
          if (row.device().isPresent()) {
            return Optional.empty();
          }
          Optional<OperationDevices.Entry> entry = devices.find(growth, name);
          if (entry.isEmpty()) {
            return Optional.of(
                "the inventory of "
                    + name
                    + ": PUT /api/v1/fabric/operations/"
                    + growth
                    + "/devices once it is racked");
          }
          row.setDevice(entry.get().device());
          row.setSerialNumber(entry.get().serialNumber());
          day0.anotherBox(List.of(name));
          return Optional.empty();
        });
  }

  private Result pushed(UUID growth, String name, long generation, GrowthProgress p) {
    Optional<PushProgress> found = tx.read(() -> operations.pushProgress(name));
    if (found.isEmpty()) {
      throw new IllegalStateException(name + " is no longer in the fabric");
    }
    PushProgress s = found.get();
    if (s.appliedGeneration() >= generation && "IN_SYNC".equals(s.state())) {
      tx.write(
          () -> {
            generations.lockAgainstIntentChanges();
            operations.release(growth, name);
            return null;
          });
      return new Result(true, Optional.empty(), false, p.withOnboarded(name), false);
    }
    return new Result(
        false,
        Optional.of(
            name
                + " to apply generation "
                + generation
                + " and verify it (applied "
                + s.appliedGeneration()
                + ", "
                + s.state()
                + (s.lastError() == null || "IN_SYNC".equals(s.state())
                    ? ""
                    : "; last error: " + s.lastError())
                + ")"),
        !"PENDING".equals(s.state()) && !"IN_SYNC".equals(s.state()),
        p,
        false);
  }
}
