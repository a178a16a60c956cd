package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.operation.NicSpeedTarget;
import io.tenantfabric.controller.operation.NicSpeedTarget.LeafPort;
import io.tenantfabric.controller.provision.SwitchFailure;
import io.tenantfabric.controller.provision.SwitchPortChanges;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.operation.FabricOperationRow;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.operation.GpuHolds;
import io.tenantfabric.db.operation.PushProgress;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The steps of a NIC speed change on the provisioner thread. The switch steps (clear, split or
 * join, verify) go leaf by leaf through {@link SwitchPortChanges}, outside any batch and
 * save-point, each leaf's progress recorded and a leaf the switch shows done skipped; the model
 * step is {@link ServerBreakouts}; the push goes through the ordinary batches as a replace's does;
 * the GPUs are let into placement last.
 */
@Component
class NicSpeedSteps implements NicSpeedEffects {

  private final SwitchPortChanges ports;
  private final ServerBreakouts breakouts;
  private final FabricOperationStore operations;
  private final GpuHolds holds;
  private final IntentGenerations generations;
  private final Transactions tx;
  private final Clock clock;

  NicSpeedSteps(
      SwitchPortChanges ports,
      ServerBreakouts breakouts,
      FabricOperationStore operations,
      GpuHolds holds,
      IntentGenerations generations,
      Transactions tx,
      Clock clock) {
    this.ports = ports;
    this.breakouts = breakouts;
    this.operations = operations;
    this.holds = holds;
    this.generations = generations;
    this.tx = tx;
    this.clock = clock;
  }

  @Override
  public boolean cancelRequested(UUID operation) {
    return tx.read(
        () -> operations.find(operation).map(FabricOperationRow::cancelRequested).orElse(false));
  }

  @Override
  public NicSpeedOutcome attempt(
      NicSpeedStep step, UUID operation, NicSpeedTarget target, NicSpeedProgress progress) {
    switch (step) {
      case UNCONFIGURE:
        return unconfigure(target, progress);
      case SPLIT:
      case JOIN:
        return breakout(step, target, progress);
      case MODEL:
        breakouts.write(target);
        return new NicSpeedOutcome.Passed(progress);
      case PUSH:
        return push(operation, target, progress);
      case VERIFY:
        return verify(target, progress);
      case UNCORDON:
        tx.write(
            () -> {
              generations.lockAgainstIntentChanges(); // the fabric row first, as placement's inputs
              return holds.join(target.gpus());
            });
        return new NicSpeedOutcome.Passed(progress);
      default:
        throw new IllegalStateException("no attempt at " + step);
    }
  }

  /** Clears the server's ports as they are named now, leaf by leaf. */
  private NicSpeedOutcome unconfigure(NicSpeedTarget target, NicSpeedProgress progress) {
    NicSpeedProgress done = progress;
    for (Map.Entry<String, List<LeafPort>> leaf : byLeaf(target).entrySet()) {
      if (done.leafPast(leaf.getKey(), NicSpeedStep.UNCONFIGURE)) {
        continue;
      }
      SwitchName name = new SwitchName(leaf.getKey());
      try {
        for (LeafPort p : leaf.getValue()) {
          for (PortName port : BreakoutEdit.before(p, target.speedGbps())) {
            ports.unconfigure(name, port);
          }
        }
      } catch (RuntimeException e) {
        return failed(name, "unconfigure", e, done);
      }
      done = done.leafDone(leaf.getKey(), NicSpeedStep.UNCONFIGURE);
    }
    return new NicSpeedOutcome.Passed(done);
  }

  /** Splits or joins the server's port on every leaf that does not show it done already. */
  private NicSpeedOutcome breakout(
      NicSpeedStep step, NicSpeedTarget target, NicSpeedProgress progress) {
    int speed = target.speedGbps();
    NicSpeedProgress done = progress;
    for (Map.Entry<String, List<LeafPort>> leaf : byLeaf(target).entrySet()) {
      if (done.leafPast(leaf.getKey(), step)) {
        continue;
      }
      SwitchName name = new SwitchName(leaf.getKey());
      try {
        for (LeafPort p : leaf.getValue()) {
          PortName after = BreakoutEdit.after(p, speed);
          if (ports.present(name, List.of(after)).isEmpty()) {
            if (speed == BreakoutEdit.SPLIT) {
              ports.split(name, PortName.fourHundred(p.port()));
            } else {
              ports.join(name, PortName.twoHundred(p.port(), 1));
            }
          }
          if (ports.present(name, List.of(after)).isEmpty()) {
            return new NicSpeedOutcome.Failed(
                name + " does not show " + after + " after " + step.name().toLowerCase(), done);
          }
        }
      } catch (RuntimeException e) {
        return failed(name, step.name().toLowerCase(), e, done);
      }
      done = done.leafDone(leaf.getKey(), step);
    }
    return new NicSpeedOutcome.Passed(done);
  }

  /** Opens every leaf to the batches and has each push its whole configuration, as a replace. */
  private NicSpeedOutcome push(UUID operation, NicSpeedTarget target, NicSpeedProgress progress) {
    Set<String> leaves = byLeaf(target).keySet();
    if (progress.pushed() == null) {
      Instant now = clock.instant();
      Map<String, Long> raised =
          tx.write(
              () -> {
                generations.lockAgainstIntentChanges(); // the fabric row first, as intent changes
                Map<String, Long> g = new TreeMap<>();
                for (String leaf : leaves) {
                  operations.admitBatches(operation, leaf);
                  g.put(leaf, operations.raiseForWholePush(leaf));
                }
                generations.notifyIntent();
                return g;
              });
      return new NicSpeedOutcome.Working(waiting(raised), progress.raised(raised, now), true);
    }
    List<String> waitingFor = new ArrayList<>();
    for (Map.Entry<String, Long> e : progress.pushed().entrySet()) {
      String leaf = e.getKey();
      Optional<PushProgress> found = tx.read(() -> operations.pushProgress(leaf));
      if (found.isEmpty()) {
        return new NicSpeedOutcome.Failed(leaf + " is no longer in the fabric", progress);
      }
      PushProgress p = found.get();
      if (p.appliedGeneration() >= e.getValue() && "IN_SYNC".equals(p.state())) {
        continue;
      }
      if ("FAILED".equals(p.state())
          && p.lastErrorAt() != null
          && !p.lastErrorAt().isBefore(progress.pushRaisedAt())) {
        return new NicSpeedOutcome.Failed(
            leaf + " refused its configuration (" + p.lastErrorPhase() + "): " + p.lastError(),
            progress);
      }
      waitingFor.add(
          leaf
              + " to apply generation "
              + e.getValue()
              + " and verify it (applied "
              + p.appliedGeneration()
              + ", "
              + p.state()
              + ")");
    }
    return waitingFor.isEmpty()
        ? new NicSpeedOutcome.Passed(progress)
        : new NicSpeedOutcome.Working(waitingFor, progress, false);
  }

  /**
   * The leaves run the new port names and none of the old: the push's own read-back verified the
   * configuration of the new ports (lossless baseline, scrubbed), this confirms it landed where the
   * model now says the GPUs are.
   */
  private NicSpeedOutcome verify(NicSpeedTarget target, NicSpeedProgress progress) {
    int speed = target.speedGbps();
    for (Map.Entry<String, List<LeafPort>> leaf : byLeaf(target).entrySet()) {
      SwitchName name = new SwitchName(leaf.getKey());
      try {
        for (LeafPort p : leaf.getValue()) {
          List<PortName> all = new ArrayList<>(BreakoutEdit.before(p, speed));
          all.add(BreakoutEdit.after(p, speed));
          Set<PortName> seen = ports.present(name, all);
          PortName after = BreakoutEdit.after(p, speed);
          if (!seen.equals(Set.of(after))) {
            return new NicSpeedOutcome.Failed(
                name + " runs " + seen + " where the server's GPU should be on " + after, progress);
          }
        }
      } catch (RuntimeException e) {
        return failed(name, "verify", e, progress);
      }
    }
    return new NicSpeedOutcome.Passed(progress);
  }

  private static Map<String, List<LeafPort>> byLeaf(NicSpeedTarget target) {
    Map<String, List<LeafPort>> m = new LinkedHashMap<>();
    for (LeafPort p : target.ports()) {
      m.computeIfAbsent(p.leaf(), l -> new ArrayList<>()).add(p);
    }
    return m;
  }

  private static List<String> waiting(Map<String, Long> raised) {
    List<String> w = new ArrayList<>();
    raised.forEach((leaf, g) -> w.add(leaf + " to apply generation " + g + " and verify it"));
    return w;
  }

  private static NicSpeedOutcome failed(
      SwitchName name, String phase, RuntimeException e, NicSpeedProgress progress) {
    return new NicSpeedOutcome.Failed(SwitchFailure.of(name.value(), phase, e).message(), progress);
  }
}
