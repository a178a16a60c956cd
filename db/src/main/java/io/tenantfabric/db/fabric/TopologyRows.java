package io.tenantfabric.db.fabric;

import java.util.List;

/**
 * The rows of a fabric's topology, as the {@link TopologyWriter} stores them; the controller maps
 * tenant-model's {@code Fabric} onto it.
 */
public record TopologyRows(
    List<SwitchRow> switches,
    List<PortRow> ports,
    List<LinkRow> links,
    List<ServerRow> servers,
    List<GpuRow> gpus) {

  public TopologyRows {
    switches = List.copyOf(switches);
    ports = List.copyOf(ports);
    links = List.copyOf(links);
    servers = List.copyOf(servers);
    gpus = List.copyOf(gpus);
  }

  /** A switch: name, role (SPINE, LEAF, SUPER_SPINE) and pod. */
  public record SwitchRow(String name, String role, int pod) {}

  /** A port: its switch, interface name, speed and purpose (FABRIC, GPU, UNUSED). */
  public record PortRow(String switchName, String name, int speedGbps, String purpose) {}

  /** A cable from a lower to an upper switch port. */
  public record LinkRow(
      String lowerSwitch, String lowerPort, String upperSwitch, String upperPort) {}

  /** A GPU server. */
  public record ServerRow(String name, int railGroup) {}

  /** A GPU and the leaf port it is cabled to. */
  public record GpuRow(String id, String server, String leaf, String port, int rail) {}
}
