package io.tenantfabric.emulator.topology;

import io.tenantfabric.model.topology.PortName;
import java.util.List;

/**
 * One switch to emulate: name, role ({@code SPINE}, {@code LEAF}, {@code SUPER_SPINE}), its ports
 * once the day-0 breakouts are made (200G sub-ports {@code TwoHundredGigE1/0/N:1} and {@code :2}
 * where the layout splits port N), and the underlay its day-0 configuration sets up.
 */
public record SwitchLayout(String name, String role, List<String> ports, Underlay underlay) {
  public SwitchLayout {
    ports = List.copyOf(ports);
    if (underlay == null) {
      throw new IllegalArgumentException("an underlay is required (Underlay.NONE for none)");
    }
  }

  /** A switch whose day-0 sets up no underlay. */
  public SwitchLayout(String name, String role, List<String> ports) {
    this(name, role, ports, Underlay.NONE);
  }

  /**
   * How many front-panel cages the switch has: the highest port number N of its ports (8 on the lab
   * layouts, 64 on an S9825-64D), whole or split.
   */
  public int frontPanelPorts() {
    int max = 0;
    for (String p : ports) {
      max = Math.max(max, new PortName(p).number());
    }
    return max;
  }

  /** True for a leaf, whose day-0 also enables L2VPN and sets the VXLAN tunnel source. */
  public boolean leaf() {
    return "LEAF".equals(role);
  }
}
