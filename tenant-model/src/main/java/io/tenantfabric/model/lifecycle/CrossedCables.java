package io.tenantfabric.model.lifecycle;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds cables swapped between two ports, on one switch or across switches: port A sees the far end
 * the plan puts on port B, and B the one it puts on A. Between two GPU servers leased to two
 * tenants such a pair joins one tenant's NIC to the other's network: an isolation finding, where a
 * single wrong peer is a cabling fault.
 */
public final class CrossedCables {

  private static final Comparator<CableCheck> PORT_ORDER =
      Comparator.comparing((CableCheck c) -> c.switchName().value())
          .thenComparing(CableCheck::port);

  private CrossedCables() {}

  /** Every crossed pair among {@code checks} (each pair once), by the first port's place. */
  public static List<CrossedPair> find(Collection<CableCheck> checks) {
    Map<String, List<CableCheck>> byPlannedPeer = new HashMap<>();
    for (CableCheck c : checks) {
      // a wrong peer always has a plan and a sight (CablingChecker)
      if (c.state() == CablingState.WRONG_PEER && c.planned().isPresent() && c.seen().isPresent()) {
        byPlannedPeer
            .computeIfAbsent(c.planned().get().peer().device(), d -> new ArrayList<>())
            .add(c);
      }
    }
    List<CrossedPair> pairs = new ArrayList<>();
    for (List<CableCheck> wrong : byPlannedPeer.values()) {
      for (CableCheck a : wrong) {
        // the ports that plan the far end a sees: a few per server or switch
        for (CableCheck b : byPlannedPeer.getOrDefault(a.seen().get().device(), List.of())) {
          if (PORT_ORDER.compare(a, b) < 0
              && sees(a, b.planned().get())
              && sees(b, a.planned().get())) {
            pairs.add(new CrossedPair(a, b));
          }
        }
      }
    }
    pairs.sort(Comparator.comparing(CrossedPair::first, PORT_ORDER));
    return List.copyOf(pairs);
  }

  /** Whether {@code port} sees the far end {@code other} plans. */
  private static boolean sees(CableCheck port, PlannedCable other) {
    Optional<CableEnd> seen = port.seen();
    if (seen.isEmpty() || !seen.get().device().equals(other.peer().device())) {
      return false;
    }
    return other.kind() == CableKind.GPU
        ? seen.get().port().equals(other.peer().port())
        : InterfaceNames.same(other.peer().port(), seen.get().port());
  }
}
