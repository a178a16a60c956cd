package io.tenantfabric.model.growth;

import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Splits the cable moves of a live growth into rounds so that no leaf loses more than one uplink at
 * a time: in order of new upper switch, then leaf, then leaf port, each move takes the first round
 * in which its leaf moves nothing else and not before the move that frees its new port (moves keep
 * their lower end, so that is an upper port another move vacates).
 */
final class MoveRounds {

  /** New upper switch, then leaf, then leaf port, then new upper port. */
  static final Comparator<CableMove> ORDER =
      Comparator.comparing((CableMove m) -> m.to().upper())
          .thenComparing(m -> m.from().lower())
          .thenComparing(m -> m.from().lowerPort())
          .thenComparing(m -> m.to().upperPort());

  private MoveRounds() {}

  record End(SwitchName device, PortName port) {
    static End upperOf(Link l) {
      return new End(l.upper(), l.upperPort());
    }
  }

  /**
   * The rounds, each in {@link #ORDER}; throws {@link GrowthRejectedException} if moves wait on one
   * another in a cycle (cables trading ports), which no order of single re-plugs can do live.
   */
  static List<List<CableMove>> of(String from, String to, List<CableMove> moves) {
    Map<End, CableMove> vacating = new HashMap<>();
    for (CableMove m : moves) {
      vacating.put(End.upperOf(m.from()), m);
    }
    Map<CableMove, Integer> roundOf = new HashMap<>();
    List<Set<SwitchName>> busy = new ArrayList<>();
    List<CableMove> pending = moves.stream().sorted(ORDER).toList();
    while (!pending.isEmpty()) {
      List<CableMove> waiting = new ArrayList<>();
      for (CableMove m : pending) {
        CableMove blocker = vacating.get(End.upperOf(m.to()));
        Integer freedIn = blocker == null ? Integer.valueOf(0) : roundOf.get(blocker);
        if (freedIn == null) {
          waiting.add(m);
          continue;
        }
        int r = freedIn;
        while (r < busy.size() && busy.get(r).contains(m.from().lower())) {
          r++;
        }
        if (r == busy.size()) {
          busy.add(new HashSet<>());
        }
        busy.get(r).add(m.from().lower());
        roundOf.put(m, r);
      }
      if (waiting.size() == pending.size()) {
        throw cycle(from, to, waiting);
      }
      pending = waiting;
    }
    List<List<CableMove>> rounds = new ArrayList<>();
    busy.forEach(b -> rounds.add(new ArrayList<>()));
    moves.stream().sorted(ORDER).forEach(m -> rounds.get(roundOf.get(m)).add(m));
    return rounds;
  }

  private static GrowthRejectedException cycle(String from, String to, List<CableMove> waiting) {
    return new GrowthRejectedException(
        from,
        to,
        waiting.stream()
            .map(
                m ->
                    new GrowthViolation(
                        m.from().toString(),
                        "cable-cycle",
                        m + " waits for a port that a move waiting on it would free"))
            .toList());
  }
}
