package io.tenantfabric.controller.fabric;

import io.tenantfabric.db.fabric.TopologyRows;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.Switch;
import java.util.ArrayList;
import java.util.List;

/** Maps tenant-model's {@link Fabric} onto the rows the db module stores. */
final class TopologyMapping {

  private TopologyMapping() {}

  /** Every switch's name, in the fabric's order. */
  static List<String> switchNames(Fabric fabric) {
    return fabric.switches().stream().map(sw -> sw.name().value()).toList();
  }

  static TopologyRows rows(Fabric fabric) {
    List<TopologyRows.LinkRow> links = new ArrayList<>();
    for (Link l : fabric.links()) {
      links.add(
          new TopologyRows.LinkRow(
              l.lower().value(), l.lowerPort().value(), l.upper().value(), l.upperPort().value()));
    }
    List<TopologyRows.GpuRow> gpus = new ArrayList<>();
    for (Gpu g : fabric.gpus()) {
      gpus.add(
          new TopologyRows.GpuRow(
              g.id().value(), g.server().value(), g.leaf().value(), g.port().value(), g.rail()));
    }
    List<TopologyRows.SwitchRow> switches = new ArrayList<>();
    List<TopologyRows.PortRow> ports = new ArrayList<>();
    for (Switch s : fabric.switches()) {
      switches.add(new TopologyRows.SwitchRow(s.name().value(), s.role().name(), s.pod()));
      for (PortName p : fabric.portsOf(s.name())) {
        String purpose = fabric.purposeOf(s.name(), p).name();
        ports.add(new TopologyRows.PortRow(s.name().value(), p.value(), p.speedGbps(), purpose));
      }
    }
    List<TopologyRows.ServerRow> servers = new ArrayList<>();
    for (GpuServer s : fabric.servers()) {
      servers.add(new TopologyRows.ServerRow(s.name().value(), s.railGroup()));
    }
    return new TopologyRows(switches, ports, links, servers, gpus);
  }
}
