package io.tenantfabric.controller.cabling;

import io.tenantfabric.db.lifecycle.CablingRow;
import io.tenantfabric.model.lifecycle.CableKind;
import io.tenantfabric.model.lifecycle.CablingSeverity;
import io.tenantfabric.model.lifecycle.CablingState;
import io.tenantfabric.model.lifecycle.PlannedCable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The cabling list, assembled without I/O: the plan's cable ends paired into links (both switch
 * ends of a fabric link; a GPU link's leaf end), each end with its stored verdict ({@code
 * UNCHECKED} without one), plus a link for each port where a neighbour answered although the plan
 * leaves it empty; then filtered, counted and cut into keyset pages.
 */
final class CablingLinks {

  private CablingLinks() {}

  /**
   * Every link of {@code plan} with the verdicts of {@code rows} and the GPU behind each GPU port
   * ({@code gpus}), ordered by the place of its first end.
   */
  static List<CablingView.Link> of(
      List<PlannedCable> plan, List<CablingRow> rows, Map<PortKey, CablingView.Gpu> gpus) {
    Map<PortKey, PlannedCable> planned = new HashMap<>();
    plan.forEach(p -> planned.put(new PortKey(p.switchName().value(), p.port().value()), p));
    Map<PortKey, CablingRow> judged = new HashMap<>();
    rows.forEach(r -> judged.put(new PortKey(r.switchName(), r.port()), r));
    List<CablingView.Link> links = new ArrayList<>();
    Set<PortKey> done = new HashSet<>();
    for (PlannedCable p : plan) {
      PortKey a = new PortKey(p.switchName().value(), p.port().value());
      if (!done.add(a)) {
        continue;
      }
      List<CablingView.End> ends = new ArrayList<>();
      ends.add(end(a, Optional.of(p), judged.get(a)));
      CablingView.Gpu gpu = null;
      if (p.kind() == CableKind.FABRIC) {
        PortKey b = new PortKey(p.peer().device(), p.peer().port());
        PlannedCable other = planned.get(b);
        if (other != null && done.add(b)) {
          ends.add(end(b, Optional.of(other), judged.get(b)));
        }
      } else {
        gpu = gpus.get(a);
      }
      ends.sort(Comparator.comparing(e -> new PortKey(e.switchName(), e.port())));
      links.add(link(p.kind().name(), ends, gpu));
    }
    for (CablingRow r : rows) {
      PortKey k = new PortKey(r.switchName(), r.port());
      if (r.kind() == null && !planned.containsKey(k)) {
        links.add(link(null, List.of(end(k, Optional.empty(), r)), null));
      }
    }
    links.sort(Comparator.comparing(CablingLinks::first));
    return links;
  }

  /** The place of a link in the list: its first end's switch and port. */
  static PortKey first(CablingView.Link link) {
    CablingView.End e = link.ends().get(0);
    return new PortKey(e.switchName(), e.port());
  }

  /** Links per state among {@code links}, every state counted. */
  static CablingView.Summary summary(List<CablingView.Link> links) {
    Map<CablingState, Integer> n = new EnumMap<>(CablingState.class);
    links.forEach(l -> n.merge(CablingState.valueOf(l.state()), 1, Integer::sum));
    return new CablingView.Summary(
        n.getOrDefault(CablingState.UNCHECKED, 0),
        n.getOrDefault(CablingState.OK, 0),
        n.getOrDefault(CablingState.UNVERIFIED, 0),
        n.getOrDefault(CablingState.MISSING, 0),
        n.getOrDefault(CablingState.WRONG_PEER, 0),
        n.getOrDefault(CablingState.UNEXPECTED, 0));
  }

  /** Whether {@code link} has an end on switch {@code name}. */
  static boolean touches(CablingView.Link link, String name) {
    return link.ends().stream().anyMatch(e -> e.switchName().equals(name));
  }

  /** One page of {@code links} (ordered) under {@code query}, and the cursor of the next. */
  record Page(List<CablingView.Link> links, String next) {}

  static Page page(List<CablingView.Link> links, CablingQuery query) {
    List<CablingView.Link> out = new ArrayList<>();
    for (CablingView.Link l : links) {
      if (query.after().isPresent() && first(l).compareTo(query.after().get()) <= 0) {
        continue;
      }
      if (!query.states().contains(CablingState.valueOf(l.state()))
          || query.switchName().map(s -> !touches(l, s)).orElse(false)) {
        continue;
      }
      if (out.size() == query.limit()) {
        return new Page(out, CablingQuery.cursor(first(out.get(out.size() - 1))));
      }
      out.add(l);
    }
    return new Page(out, null);
  }

  private static CablingView.Link link(
      String kind, List<CablingView.End> ends, CablingView.Gpu gpu) {
    CablingState state =
        CablingSeverity.worst(ends.stream().map(e -> CablingState.valueOf(e.state())).toList());
    Instant checkedAt =
        ends.stream().anyMatch(e -> e.checkedAt() == null)
            ? null
            : ends.stream().map(CablingView.End::checkedAt).min(Instant::compareTo).orElse(null);
    return new CablingView.Link(kind, state.name(), checkedAt, List.copyOf(ends), gpu);
  }

  /** An end as planned, with its verdict when it has one of the same kind (a planned end's). */
  private static CablingView.End end(PortKey k, Optional<PlannedCable> p, CablingRow r) {
    boolean fits = r != null && (r.kind() == null) == p.isEmpty();
    return new CablingView.End(
        k.switchName(),
        k.port(),
        fits ? r.state() : CablingState.UNCHECKED.name(),
        p.map(c -> new CablingView.Peer(c.peer().device(), c.peer().port())).orElse(null),
        fits && r.seenDevice() != null ? new CablingView.Peer(r.seenDevice(), r.seenPort()) : null,
        fits ? r.checkedAt() : null,
        fits ? r.changedAt() : null);
  }
}
