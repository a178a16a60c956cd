package io.tenantfabric.model.lifecycle;

import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compares what a switch sees with the cables the plan puts on it, port by port. A planned port
 * whose link is down is {@code MISSING}; one that hears its planned peer is {@code OK}, anyone else
 * {@code WRONG_PEER}; a silent fabric port is {@code MISSING}, a silent GPU port {@code UNVERIFIED}
 * (a NIC need not speak LLDP). A neighbour on a port the plan leaves empty is {@code UNEXPECTED}.
 */
public final class CablingChecker {

  private CablingChecker() {}

  /** The verdicts for {@code planned} (one switch's ends) against {@code seen}, by port. */
  public static List<CableCheck> check(List<PlannedCable> planned, CablingObservation seen) {
    Map<String, LldpNeighbor> byPort = new LinkedHashMap<>();
    for (LldpNeighbor n : seen.neighbors()) {
      byPort.putIfAbsent(n.localPort(), n);
    }
    List<CableCheck> out = new ArrayList<>();
    Set<String> plannedPorts = new HashSet<>();
    for (PlannedCable p : planned) {
      if (!p.switchName().equals(seen.switchName())) {
        throw new IllegalArgumentException(p + " is not on " + seen.switchName());
      }
      String port = p.port().value();
      plannedPorts.add(port);
      Optional<CableEnd> sight = Optional.ofNullable(byPort.get(port)).map(LldpNeighbor::seen);
      out.add(new CableCheck(p.switchName(), port, Optional.of(p), sight, verdict(p, sight, seen)));
    }
    for (LldpNeighbor n : byPort.values()) {
      if (!plannedPorts.contains(n.localPort())) {
        out.add(
            new CableCheck(
                seen.switchName(),
                n.localPort(),
                Optional.empty(),
                Optional.of(n.seen()),
                CablingState.UNEXPECTED));
      }
    }
    out.sort(Comparator.comparing(CableCheck::port, PORT_ORDER));
    return List.copyOf(out);
  }

  private static CablingState verdict(
      PlannedCable p, Optional<CableEnd> sight, CablingObservation seen) {
    if (seen.linkDown().contains(p.port().value())) {
      return CablingState.MISSING;
    }
    if (sight.isEmpty()) {
      return p.kind() == CableKind.GPU ? CablingState.UNVERIFIED : CablingState.MISSING;
    }
    CableEnd s = sight.get();
    boolean same =
        s.device().equals(p.peer().device())
            && (p.kind() == CableKind.GPU
                ? s.port().equals(p.peer().port())
                : InterfaceNames.same(p.peer().port(), s.port()));
    return same ? CablingState.OK : CablingState.WRONG_PEER;
  }

  /** Model port names in their switch's order first, then any other name alphabetically. */
  private static final Comparator<String> PORT_ORDER =
      Comparator.comparing(
              (String p) -> modelPort(p).orElse(null),
              Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Comparator.naturalOrder());

  private static Optional<PortName> modelPort(String name) {
    try {
      return Optional.of(new PortName(name));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
