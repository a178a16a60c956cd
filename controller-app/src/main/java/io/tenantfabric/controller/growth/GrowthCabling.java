package io.tenantfabric.controller.growth;

import io.tenantfabric.controller.operation.GrowthStepView.CableMoveView;
import io.tenantfabric.controller.operation.GrowthStepView.CableView;
import io.tenantfabric.controller.operation.GrowthStepView.End;
import io.tenantfabric.controller.provision.SwitchFailure;
import io.tenantfabric.controller.provision.SwitchLifecycleChecks;
import io.tenantfabric.controller.provision.SwitchPortChanges;
import io.tenantfabric.controller.transaction.Transactions;
import io.tenantfabric.db.operation.FabricOperationStore;
import io.tenantfabric.db.provisioning.IntentGenerations;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CableEnd;
import io.tenantfabric.model.lifecycle.InterfaceNames;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The cables of a growth step, judged by what LLDP shows at both ends (each switch read and its
 * cabling recorded once per attempt). A moved cable's kept end is shut before the far end moves,
 * its switch held by the growth meanwhile (batches still let in), and brought up only once LLDP
 * shows the new peer at both ends; a new cable is done once both ends see each other. A far end
 * seen on the wrong port is a {@code WRONG_PEER} naming both ends, until it is fixed.
 */
@Component
class GrowthCabling {

  private final SwitchLifecycleChecks checks;
  private final SwitchPortChanges ports;
  private final FabricOperationStore operations;
  private final IntentGenerations generations;
  private final Transactions tx;

  GrowthCabling(
      SwitchLifecycleChecks checks,
      SwitchPortChanges ports,
      FabricOperationStore operations,
      IntentGenerations generations,
      Transactions tx) {
    this.checks = checks;
    this.ports = ports;
    this.operations = operations;
    this.generations = generations;
    this.tx = tx;
  }

  /** One attempt's LLDP reads: each switch read once, its verdicts by port. */
  final class Sight {
    private final Map<String, Map<String, CableCheck>> bySwitch = new HashMap<>();
    private final Map<String, String> unread = new HashMap<>();

    /**
     * Reads {@code devices} at once, in parallel, as one recorded run: a step's switches are read
     * together rather than one after another.
     */
    void read(Collection<String> devices) {
      List<SwitchName> toRead =
          devices.stream()
              .distinct()
              .filter(d -> !bySwitch.containsKey(d) && !unread.containsKey(d))
              .map(SwitchName::new)
              .toList();
      checks
          .checkCabling(toRead)
          .forEach(
              (name, check) -> {
                if ("CHECKED".equals(check.outcome())) {
                  Map<String, CableCheck> m = new HashMap<>();
                  check.checks().forEach(c -> m.put(c.port(), c));
                  bySwitch.put(name, m);
                } else {
                  unread.put(
                      name,
                      check.error() != null ? check.error() : name + " is " + check.outcome());
                }
              });
    }

    /** What {@code end}'s port sees (empty: nothing); throws if the switch cannot be read. */
    Optional<CableEnd> seenAt(End end) {
      String error = unread.get(end.device());
      if (error != null) {
        throw new IllegalStateException(error);
      }
      Map<String, CableCheck> checksOf =
          bySwitch.computeIfAbsent(
              end.device(),
              d -> {
                Map<String, CableCheck> m = new HashMap<>();
                checks.checkCabling(new SwitchName(d)).forEach(c -> m.put(c.port(), c));
                return m;
              });
      CableCheck c = checksOf.get(end.port());
      return c == null ? Optional.empty() : c.seen();
    }

    Optional<CableCheck> check(String device, String port) {
      seenAt(new End(device, port));
      return Optional.ofNullable(bySwitch.get(device).get(port));
    }
  }

  Sight sight() {
    return new Sight();
  }

  /** Where one move stands: done, or what it waits for (and the progress either way). */
  record Result(boolean done, Optional<String> waitingFor, GrowthProgress progress) {}

  Result move(UUID growth, CableMoveView m, GrowthProgress p, Sight sight) {
    String key = m.kept().toString();
    Optional<CableEnd> atKept;
    Optional<CableEnd> atNew;
    try {
      atKept = sight.seenAt(m.kept());
      atNew = sight.seenAt(m.to());
    } catch (RuntimeException e) {
      return new Result(false, Optional.of(unread(m.kept(), e)), p);
    }
    boolean keptSeesNew = sees(atKept, m.to());
    boolean newSeesKept = sees(atNew, m.kept());
    if (keptSeesNew && newSeesKept) {
      if (p.shut().contains(key)) {
        try {
          ports.adminUp(new SwitchName(m.kept().device()), new PortName(m.kept().port()), true);
        } catch (RuntimeException e) {
          return new Result(
              false, Optional.of("to bring up " + key + ": " + failure(m.kept(), e)), p);
        }
      }
      release(growth, m.kept().device());
      return new Result(true, Optional.empty(), p.withMoved(key));
    }
    GrowthProgress next = p;
    if (!p.shut().contains(key)) {
      Optional<UUID> holder = tx.read(() -> operations.holder(m.kept().device()));
      if (holder.isPresent() && !holder.get().equals(growth)) {
        return new Result(
            false,
            Optional.of(
                m.kept().device() + " to be given back by operation " + holder.get() + " first"),
            p);
      }
      try {
        hold(growth, m.kept().device());
        ports.adminUp(new SwitchName(m.kept().device()), new PortName(m.kept().port()), false);
      } catch (RuntimeException e) {
        return new Result(false, Optional.of("to shut " + key + ": " + failure(m.kept(), e)), p);
      }
      next = p.withShut(key);
    }
    String what = "the cable at " + key + " moved from " + m.from() + " to " + m.to();
    if (keptSeesNew) {
      return new Result(false, Optional.of(what + ": LLDP at " + m.to() + " to show " + key), next);
    }
    if (atKept.isPresent() && !sees(atKept, m.from())) {
      return new Result(false, Optional.of(wrongPeer(m.kept(), atKept.get(), m.to())), next);
    }
    if (atNew.isPresent() && !sees(atNew, m.kept())) {
      return new Result(false, Optional.of(wrongPeer(m.to(), atNew.get(), m.kept())), next);
    }
    return new Result(false, Optional.of(what + " (" + key + " is shut meanwhile)"), next);
  }

  Result add(CableView c, GrowthProgress p, Sight sight) {
    String key = c.a() + " - " + c.b();
    Optional<CableEnd> atA;
    Optional<CableEnd> atB;
    try {
      atA = sight.seenAt(c.a());
      atB = sight.seenAt(c.b());
    } catch (RuntimeException e) {
      return new Result(false, Optional.of(unread(c.a(), e)), p);
    }
    if (sees(atA, c.b()) && sees(atB, c.a())) {
      return new Result(true, Optional.empty(), p.withCabled(key));
    }
    if (atA.isPresent() && !sees(atA, c.b())) {
      return new Result(false, Optional.of(wrongPeer(c.a(), atA.get(), c.b())), p);
    }
    if (atB.isPresent() && !sees(atB, c.a())) {
      return new Result(false, Optional.of(wrongPeer(c.b(), atB.get(), c.a())), p);
    }
    return new Result(false, Optional.of("the new cable " + key + " (not seen yet)"), p);
  }

  static boolean sees(Optional<CableEnd> seen, End expected) {
    return seen.isPresent()
        && seen.get().device().equals(expected.device())
        && InterfaceNames.same(expected.port(), seen.get().port());
  }

  static String wrongPeer(End at, CableEnd seen, End expected) {
    return "WRONG_PEER: "
        + at
        + " sees "
        + seen.device()
        + " "
        + seen.port()
        + ", the plan puts "
        + expected
        + " there: re-plug it";
  }

  private void hold(UUID growth, String device) {
    tx.write(
        () -> {
          generations.lockAgainstIntentChanges();
          operations.hold(growth, List.of(device));
          // a shut uplink is no part of any tenant's configuration: batches go on meanwhile
          operations.admitBatches(growth, device);
          return null;
        });
  }

  private void release(UUID growth, String device) {
    tx.write(
        () -> {
          generations.lockAgainstIntentChanges();
          operations.release(growth, device);
          return null;
        });
  }

  private static String unread(End end, RuntimeException e) {
    return "LLDP of " + end.device() + " to be read: " + failure(end, e);
  }

  private static String failure(End end, RuntimeException e) {
    return SwitchFailure.of(end.device(), "cabling", e).message();
  }
}
