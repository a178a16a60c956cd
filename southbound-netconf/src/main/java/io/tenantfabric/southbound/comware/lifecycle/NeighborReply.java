package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.lifecycle.CablingObservation;
import io.tenantfabric.model.lifecycle.LldpNeighbor;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import io.tenantfabric.southbound.comware.lifecycle.SkippedNeighbor.Reason;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.w3c.dom.Element;

/**
 * Parses the reply to {@link LifecycleFilters#cabling()} into a {@link CablingReading}: each {@code
 * LLDPNeighbor} row's {@code IfIndex} named by the {@code Ifmgr} row of that IfIndex, its {@code
 * SystemName}, {@code PortID} and {@code ChassisID} (names of a recorded Comware 7 reply; another
 * release writes {@code PortId} and {@code ChassisId}, read alike); of several neighbours on one
 * port the lowest {@code NeighborIndex}. Only front-panel ports count, for neighbours and for links
 * down alike: the plan knows no other.
 */
final class NeighborReply {
  /** {@code AdminStatus} of a port the administrator left up (comware-facts.md section 4). */
  static final int ADMIN_UP = 1;

  /**
   * {@code OperStatus} codes of a link that carries nothing: 2 down, 6 notPresent (no transceiver),
   * 7 lowerLayerDown (the IF-MIB ifOperStatus codes of RFC 2863; assumed, no recorded reply has the
   * column).
   */
  static final Set<Integer> OPER_DOWN = Set.of(2, 6, 7);

  private NeighborReply() {}

  /** One interface as Ifmgr lists it. */
  private record Interface(String name, Optional<Integer> admin, Optional<Integer> oper) {}

  /** A neighbour kept so far, with its NeighborIndex (absent: after every present one). */
  private record Candidate(int neighborIndex, LldpNeighbor neighbor, String ifIndex) {}

  static CablingReading parse(SwitchName switchName, Element data) {
    Element top = TableXml.topOf(data);
    Map<Integer, Interface> interfaces = new HashMap<>();
    Set<PortName> linkDown = new TreeSet<>();
    for (Element row : TableXml.rows(top, "Ifmgr", "Interfaces", "Interface")) {
      Optional<Integer> ifIndex = TableXml.integer(row, "IfIndex");
      Optional<String> name = TableXml.column(row, "Name");
      if (ifIndex.isEmpty() || name.isEmpty()) {
        continue;
      }
      Interface i =
          new Interface(
              name.get(),
              TableXml.integer(row, "AdminStatus"),
              TableXml.integer(row, "OperStatus"));
      interfaces.put(ifIndex.get(), i);
      Optional<PortName> port = frontPanel(i.name());
      if (port.isPresent()
          && i.admin().equals(Optional.of(ADMIN_UP))
          && i.oper().filter(OPER_DOWN::contains).isPresent()) {
        linkDown.add(port.get());
      }
    }
    Map<PortName, Candidate> kept = new TreeMap<>();
    List<SkippedNeighbor> skipped = new ArrayList<>();
    for (Element row : TableXml.rows(top, "LLDP", "LLDPNeighbors", "LLDPNeighbor")) {
      String systemName = TableXml.column(row, "SystemName").orElse("");
      String portId = TableXml.column(row, "PortID").orElse("");
      String rawIndex = TableXml.column(row, "IfIndex").orElse("");
      Optional<Integer> ifIndex = TableXml.integer(row, "IfIndex");
      if (ifIndex.isEmpty()) {
        skipped.add(new SkippedNeighbor(rawIndex, "", systemName, portId, Reason.NO_IF_INDEX));
        continue;
      }
      Interface local = interfaces.get(ifIndex.get());
      if (local == null) {
        skipped.add(new SkippedNeighbor(rawIndex, "", systemName, portId, Reason.UNKNOWN_IF_INDEX));
        continue;
      }
      Optional<PortName> port = frontPanel(local.name());
      if (port.isEmpty()) {
        skipped.add(
            new SkippedNeighbor(
                rawIndex, local.name(), systemName, portId, Reason.NOT_FRONT_PANEL));
        continue;
      }
      Candidate c =
          new Candidate(
              TableXml.integer(row, "NeighborIndex").orElse(Integer.MAX_VALUE),
              new LldpNeighbor(
                  local.name(), systemName, portId, TableXml.column(row, "ChassisID").orElse("")),
              rawIndex);
      Candidate before = kept.get(port.get());
      if (before == null || c.neighborIndex() < before.neighborIndex()) {
        kept.put(port.get(), c);
        if (before != null) {
          skipped.add(notFirst(before));
        }
      } else {
        skipped.add(notFirst(c));
      }
    }
    List<LldpNeighbor> neighbors = kept.values().stream().map(Candidate::neighbor).toList();
    Set<String> down = new TreeSet<>();
    linkDown.forEach(p -> down.add(p.value()));
    return new CablingReading(new CablingObservation(switchName, neighbors, down), skipped);
  }

  private static SkippedNeighbor notFirst(Candidate c) {
    LldpNeighbor n = c.neighbor();
    return new SkippedNeighbor(
        c.ifIndex(), n.localPort(), n.systemName(), n.portId(), Reason.NOT_FIRST_ON_PORT);
  }

  private static Optional<PortName> frontPanel(String name) {
    try {
      return Optional.of(new PortName(name));
    } catch (IllegalArgumentException notFrontPanel) {
      return Optional.empty();
    }
  }
}
