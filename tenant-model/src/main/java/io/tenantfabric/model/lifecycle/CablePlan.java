package io.tenantfabric.model.lifecycle;

import io.tenantfabric.model.topology.Fabric;
import io.tenantfabric.model.topology.Gpu;
import io.tenantfabric.model.topology.Link;
import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The cable ends a fabric plans on each switch: both ends of every leaf-spine link, and every GPU
 * port's NIC ({@link Gpu#nic()}).
 */
public final class CablePlan {

  private static final Comparator<PlannedCable> ORDER =
      Comparator.comparing((PlannedCable c) -> c.switchName().value())
          .thenComparing(PlannedCable::port);

  private CablePlan() {}

  /** Every planned cable end of the fabric, by switch, then port. */
  public static List<PlannedCable> of(Fabric fabric) {
    List<PlannedCable> ends = new ArrayList<>();
    for (Link l : fabric.links()) {
      ends.add(fabricEnd(l.lower(), l.lowerPort(), l.upper(), l.upperPort()));
      ends.add(fabricEnd(l.upper(), l.upperPort(), l.lower(), l.lowerPort()));
    }
    for (Gpu g : fabric.gpus()) {
      ends.add(gpuEnd(g));
    }
    ends.sort(ORDER);
    return List.copyOf(ends);
  }

  /** The planned cable ends on switch {@code name}, by port. */
  public static List<PlannedCable> of(Fabric fabric, SwitchName name) {
    List<PlannedCable> ends = new ArrayList<>();
    for (Link l : fabric.linksOf(name)) {
      if (l.lower().equals(name)) {
        ends.add(fabricEnd(l.lower(), l.lowerPort(), l.upper(), l.upperPort()));
      }
      if (l.upper().equals(name)) {
        ends.add(fabricEnd(l.upper(), l.upperPort(), l.lower(), l.lowerPort()));
      }
    }
    for (Gpu g : fabric.gpusOn(name)) {
      ends.add(gpuEnd(g));
    }
    ends.sort(ORDER);
    return List.copyOf(ends);
  }

  private static PlannedCable fabricEnd(
      SwitchName local, PortName localPort, SwitchName far, PortName farPort) {
    return new PlannedCable(
        local, localPort, CableKind.FABRIC, new CableEnd(far.value(), farPort.value()));
  }

  private static PlannedCable gpuEnd(Gpu g) {
    return new PlannedCable(
        g.leaf(), g.port(), CableKind.GPU, new CableEnd(g.server().value(), g.nic()));
  }
}
