package io.tenantfabric.controller.provision;

import io.tenantfabric.model.topology.PortName;
import io.tenantfabric.model.topology.SwitchName;

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
}
