package io.tenantfabric.controller.nicspeed;

import io.tenantfabric.controller.operation.NicSpeedTarget.LeafPort;
import io.tenantfabric.model.topology.BreakoutPort;
import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.FabricSpec;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.GpuId;
import io.tenantfabric.model.topology.GpuServer;
import io.tenantfabric.model.topology.PortName;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The pure side of a NIC speed change: which leaf ports a server's GPUs use, the speed they run at
 * now, the port names on each side of the change, and the spec with the server's breakouts added
 * (200G) or removed (400G), every other entry kept in its order.
 */
final class BreakoutEdit {

  static final int SPLIT = 200;
  static final int JOINED = 400;

  private BreakoutEdit() {}

  /** The leaf ports of {@code server}'s GPUs, in GPU order. */
  static List<LeafPort> ports(Fabric fabric, GpuServer server) {
    List<LeafPort> ports = new ArrayList<>();
    for (GpuId id : server.gpus()) {
      Gpu g = fabric.gpu(id).orElseThrow();
      ports.add(new LeafPort(g.leaf().value(), g.port().number()));
    }
    return ports;
  }

  /** The speed the server's GPUs run at: 200 when any of them is on a 200G half. */
  static int speedOf(Fabric fabric, GpuServer server) {
    for (GpuId id : server.gpus()) {
      if (fabric.gpu(id).orElseThrow().port().isBreakout()) {
        return SPLIT;
      }
    }
    return JOINED;
  }

  /** The spec whose breakouts put {@code ports} at {@code speedGbps}. */
  static FabricSpec respec(FabricSpec spec, List<LeafPort> ports, int speedGbps) {
    Set<BreakoutPort> server = new LinkedHashSet<>();
    ports.forEach(p -> server.add(new BreakoutPort(p.leaf(), p.port())));
    List<BreakoutPort> breakouts = new ArrayList<>();
    for (BreakoutPort b : spec.breakoutDownlinks()) {
      if (!server.contains(b)) {
        breakouts.add(b);
      }
    }
    if (speedGbps == SPLIT) {
      breakouts.addAll(server);
    }
    return spec.toBuilder().breakoutDownlinks(breakouts).build();
  }

  /** The names the port has before the change to {@code speedGbps} (what is cleared first). */
  static List<PortName> before(LeafPort p, int speedGbps) {
    return speedGbps == SPLIT
        ? List.of(PortName.fourHundred(p.port()))
        : List.of(PortName.twoHundred(p.port(), 1), PortName.twoHundred(p.port(), 2));
  }

  /** The name the GPU's port has after the change to {@code speedGbps}. */
  static PortName after(LeafPort p, int speedGbps) {
    return speedGbps == SPLIT ? PortName.twoHundred(p.port(), 1) : PortName.fourHundred(p.port());
  }
}
