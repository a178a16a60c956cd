package io.tenantfabric.model.lifecycle;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;

/** One switch port's end of a planned cable and the far end the plan puts on it. */
public record PlannedCable(SwitchName switchName, PortName port, CableKind kind, CableEnd peer) {

  public PlannedCable {
    if (switchName == null || port == null || kind == null || peer == null) {
      throw new IllegalArgumentException("a planned cable needs switch, port, kind and peer");
    }
  }
}
