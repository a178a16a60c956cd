package io.tenantfabric.controller.fabric;

import io.tenantfabric.db.fabric.TopologyRows;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Maps tenant-model's {@link Fabric} onto the rows the db module stores. */
final class TopologyMapping {

  private TopologyMapping() {}

  /** Every switch's name, in the fabric's order. */
  static List<String> switchNames(Fabric fabric) {
    return fabric.switches().stream().map(sw -> sw.name().value()).toList();
  }

  static TopologyRows rows(Fabric fabric) {
    Set<String> fabricPorts = new HashSet<>();
    List<TopologyRows.LinkRow> links = new ArrayList<>();
    for (Link l : fabric.links()) {
      fabricPorts.add(key(l.lower().value(), l.lowerPort()));
      fabricPorts.add(key(l.upper().value(), l.upperPort()));
      links.add(
          new TopologyRows.LinkRow(
              l.lower().value(), l.lowerPort().value(), l.upper().value(), l.upperPort().value()));
    }
    Set<String> gpuPorts = new HashSet<>();
    List<TopologyRows.GpuRow> gpus = new ArrayList<>();
    for (Gpu g : fabric.gpus()) {
      gpuPorts.add(key(g.leaf().value(), g.port()));
      gpus.add(
          new TopologyRows.GpuRow(
              g.id().value(), g.server().value(), g.leaf().value(), g.port().value(), g.rail()));
    }
    List<TopologyRows.SwitchRow> switches = new ArrayList<>();
    List<TopologyRows.PortRow> ports = new ArrayList<>();
    for (Switch s : fabric.switches()) {
      switches.add(new TopologyRows.SwitchRow(s.name().value(), s.role().name(), s.pod()));
      for (PortName p : fabric.portsOf(s.name())) {
        String k = key(s.name().value(), p);
        String purpose =
            fabricPorts.contains(k) ? "FABRIC" : gpuPorts.contains(k) ? "GPU" : "UNUSED";
        ports.add(new TopologyRows.PortRow(s.name().value(), p.value(), p.speedGbps(), purpose));
      }
    }
    List<TopologyRows.ServerRow> servers = new ArrayList<>();
    for (GpuServer s : fabric.servers()) {
      servers.add(new TopologyRows.ServerRow(s.name().value(), s.railGroup()));
    }
    return new TopologyRows(switches, ports, links, servers, gpus);
  }

  private static String key(String sw, PortName port) {
    return sw + "\u0000" + port.value();
  }
}
