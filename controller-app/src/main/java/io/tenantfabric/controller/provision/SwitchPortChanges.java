package io.tenantfabric.controller.provision;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;
import java.util.Collection;
import java.util.Set;

/**
 * Changes of a switch port that belong to the fabric's own life (a cable move, a breakout), made by
 * fabric operations on the provisioner's thread, outside any batch and save-point. A switch that
 * cannot be reached, or refuses, throws the southbound's exception.
 */
public interface SwitchPortChanges {

  /** Shuts ({@code up} false) or brings up {@code port}. */
  void adminUp(SwitchName name, PortName port, boolean up);

  /** Splits a 400G port into two 200G sub-ports; the switch's sessions are dropped after. */
  void split(SwitchName name, PortName fourHundred);

  /** Joins two 200G sub-ports back into one 400G port; the switch's sessions are dropped after. */
  void join(SwitchName name, PortName subPort);

  /**
   * Which of {@code ports} the switch has now, read from its interface table: a rerun of a breakout
   * skips what the switch shows done.
   */
  Set<PortName> present(SwitchName name, Collection<PortName> ports);

  /**
   * Takes a free port's lossless settings (PFC, WRED, QoS trust) off it, so the switch accepts a
   * breakout of it; nothing when the switch has no such port.
   */
  void unconfigure(SwitchName name, PortName port);
}
