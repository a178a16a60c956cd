package io.tenantfabric.model.verify;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Collects findings; hands them out sorted (class, kind, switch, port, summary) and counted. */
final class Findings {
  private static final Comparator<Finding> ORDER =
      Comparator.comparing((Finding f) -> f.findingClass().ordinal())
          .thenComparing(f -> f.kind().ordinal())
          .thenComparing(Finding::switchName, Comparator.nullsFirst(Comparator.naturalOrder()))
          .thenComparing(Finding::port, Comparator.nullsFirst(Comparator.naturalOrder()))
          .thenComparing(Finding::summary);

  private final List<Finding> all = new ArrayList<>();

  void add(
      FindingKind kind,
      String switchName,
      String port,
      Collection<String> tenants,
      boolean inFlight,
      String summary,
      List<Evidence> evidence) {
    boolean pending = inFlight && kind.findingClass() == FindingClass.CONVERGENCE;
    all.add(
        new Finding(
            kind,
            switchName,
            port,
            List.copyOf(new TreeSet<>(tenants)),
            pending,
            summary,
            evidence));
  }

  boolean any(FindingClass c) {
    return all.stream().anyMatch(f -> f.findingClass() == c);
  }

  List<Finding> sorted() {
    List<Finding> out = new ArrayList<>(all);
    out.sort(ORDER);
    return out;
  }

  Map<FindingKind, Integer> counts() {
    Map<FindingKind, Integer> counts = new EnumMap<>(FindingKind.class);
    for (FindingKind k : FindingKind.values()) {
      counts.put(k, 0);
    }
    all.forEach(f -> counts.merge(f.kind(), 1, Integer::sum));
    return counts;
  }
}
