package io.tenantfabric.controller.provision;

import io.tenantfabric.db.lifecycle.CablingRow;
import io.tenantfabric.db.lifecycle.GpuHolder;
import io.tenantfabric.model.lifecycle.CableCheck;
import io.tenantfabric.model.lifecycle.CableEnd;
import io.tenantfabric.model.lifecycle.CableKind;
import io.tenantfabric.model.lifecycle.CablingState;
import io.tenantfabric.model.lifecycle.CrossedCables;
import io.tenantfabric.model.lifecycle.CrossedPair;
import io.tenantfabric.model.lifecycle.PlannedCable;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The findings of the stored cabling: leased GPU ports that do not see their NIC, and pairs of them
 * swapped between two tenants (an isolation finding naming both). Pure: from the rows and the
 * allocations holding GPUs, read by the caller.
 */
public final class CablingFindings {

  /** The states of a leased port that the operator must look at. */
  private static final Set<String> FAULTY =
      Set.of(CablingState.WRONG_PEER.name(), CablingState.MISSING.name());

  private CablingFindings() {}

  /** The findings of {@code rows}, isolation first, then by switch and port. */
  public static List<CablingFinding> of(List<CablingRow> rows, List<GpuHolder> holders) {
    Map<String, GpuHolder> holderAt = new HashMap<>();
    holders.forEach(h -> holderAt.put(key(h.leaf(), h.port()), h));
    Map<String, CablingRow> rowAt = new HashMap<>();
    List<CableCheck> leased = new ArrayList<>();
    for (CablingRow r : rows) {
      String k = key(r.switchName(), r.port());
      if (CableKind.GPU.name().equals(r.kind()) && holderAt.containsKey(k)) {
        rowAt.put(k, r);
        leased.add(check(r));
      }
    }
    List<CablingFinding> isolation = new ArrayList<>();
    Set<String> covered = new HashSet<>();
    for (CrossedPair p : CrossedCables.find(leased)) {
      String a = key(p.first().switchName().value(), p.first().port());
      String b = key(p.second().switchName().value(), p.second().port());
      GpuHolder ha = holderAt.get(a);
      GpuHolder hb = holderAt.get(b);
      if (ha.tenantId() == hb.tenantId()) {
        continue; // one tenant's own servers swapped: a cabling fault, not a breach
      }
      covered.add(a);
      covered.add(b);
      isolation.add(
          new CablingFinding(
              "ISOLATION",
              "CRITICAL",
              "GPU cables of tenants "
                  + ha.tenant()
                  + " and "
                  + hb.tenant()
                  + " are swapped: "
                  + where(rowAt.get(a))
                  + " ("
                  + ha.tenant()
                  + ") sees "
                  + seen(rowAt.get(a))
                  + ", planned for "
                  + hb.tenant()
                  + ", and "
                  + where(rowAt.get(b))
                  + " ("
                  + hb.tenant()
                  + ") sees "
                  + seen(rowAt.get(b))
                  + ", planned for "
                  + ha.tenant()
                  + "; each tenant's NIC sits in the other's network",
              List.of(ha.tenant(), hb.tenant()).stream().sorted().toList(),
              List.of(end(rowAt.get(a), ha), end(rowAt.get(b), hb))));
    }
    List<CablingFinding> out = new ArrayList<>(isolation);
    for (CablingRow r : rows) {
      String k = key(r.switchName(), r.port());
      GpuHolder h = holderAt.get(k);
      if (h != null && rowAt.containsKey(k) && FAULTY.contains(r.state()) && !covered.contains(k)) {
        out.add(
            new CablingFinding(
                "LEASED_CABLE",
                "WARNING",
                "the port of "
                    + h.tenant()
                    + "'s GPU "
                    + h.gpu()
                    + " at "
                    + where(r)
                    + " is "
                    + r.state()
                    + (r.seenDevice() == null ? "" : ": it sees " + seen(r))
                    + ", planned "
                    + r.plannedDevice()
                    + " "
                    + r.plannedPort(),
                List.of(h.tenant()),
                List.of(end(r, h))));
      }
    }
    return List.copyOf(out);
  }

  private static CableCheck check(CablingRow r) {
    Optional<PlannedCable> planned =
        Optional.of(
            new PlannedCable(
                new SwitchName(r.switchName()),
                new PortName(r.port()),
                CableKind.valueOf(r.kind()),
                new CableEnd(r.plannedDevice(), r.plannedPort())));
    Optional<CableEnd> seen =
        r.seenDevice() == null
            ? Optional.empty()
            : Optional.of(new CableEnd(r.seenDevice(), r.seenPort()));
    return new CableCheck(
        new SwitchName(r.switchName()), r.port(), planned, seen, CablingState.valueOf(r.state()));
  }

  private static CablingFinding.End end(CablingRow r, GpuHolder h) {
    return new CablingFinding.End(
        r.switchName(),
        r.port(),
        r.state(),
        h.gpu(),
        h.tenant(),
        h.allocation().toString(),
        r.plannedDevice() + " " + r.plannedPort(),
        r.seenDevice() == null ? null : r.seenDevice() + " " + r.seenPort());
  }

  private static String where(CablingRow r) {
    return r.switchName() + " " + r.port();
  }

  private static String seen(CablingRow r) {
    return r.seenDevice() == null ? "nothing" : r.seenDevice() + " " + r.seenPort();
  }

  private static String key(String sw, String port) {
    return sw + "\n" + port;
  }
}
