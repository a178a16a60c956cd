package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.lifecycle.Day0Facts;
import io.tenantfabric.model.lifecycle.LldpNeighbor;
import io.tenantfabric.model.topology.PortName;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The lifecycle reads' results as stable text, one fact a line, for golden files. */
final class LifecycleText {
  private LifecycleText() {}

  static String of(CablingReading r) {
    StringBuilder b = new StringBuilder("switch ").append(r.observation().switchName().value());
    b.append('\n');
    for (LldpNeighbor n : r.observation().neighbors()) {
      b.append("neighbour ")
          .append(n.localPort())
          .append(": system '")
          .append(n.systemName())
          .append("' port '")
          .append(n.portId())
          .append("' chassis '")
          .append(n.chassisId())
          .append("'\n");
    }
    b.append("link down: ").append(String.join(", ", byPort(r.observation().linkDown())));
    b.append('\n');
    for (SkippedNeighbor s : r.skipped()) {
      b.append("skipped ").append(s.reason()).append(": ").append(s).append('\n');
    }
    return b.toString();
  }

  static String of(Day0Facts f) {
    StringBuilder b = new StringBuilder();
    b.append("host name: ").append(f.hostName()).append('\n');
    b.append("l2vpn enabled: ").append(f.l2vpnEnabled()).append('\n');
    b.append("lldp enabled: ").append(f.lldpEnabled()).append('\n');
    b.append("vtep source: ").append(f.vtepSource().orElse("(none)")).append('\n');
    b.append("evpn peers: ").append(String.join(", ", f.evpnPeers().stream().sorted().toList()));
    b.append('\n');
    b.append("interfaces: ").append(String.join(", ", byPort(f.interfaces()))).append('\n');
    Map<String, Integer> jumbo = new TreeMap<>(PORTS);
    jumbo.putAll(f.jumboFrames());
    jumbo.forEach(
        (p, size) -> b.append("jumbo frames ").append(p).append(": ").append(size).append('\n'));
    return b.toString();
  }

  /** Front-panel ports in the switch's order, then any other name alphabetically. */
  private static final Comparator<String> PORTS =
      Comparator.comparing(
              (String p) -> port(p), Comparator.nullsLast(Comparator.<PortName>naturalOrder()))
          .thenComparing(Comparator.naturalOrder());

  private static List<String> byPort(java.util.Collection<String> names) {
    return names.stream().sorted(PORTS).toList();
  }

  private static PortName port(String name) {
    try {
      return new PortName(name);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
