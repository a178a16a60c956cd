package io.tenantfabric.model.lifecycle;

import io.tenantfabric.model.topology.SwitchName;
import java.util.List;
import java.util.Set;

/**
 * What one switch reports about its cables at one moment: its LLDP neighbours and the ports whose
 * link is down although they are administratively up (a port the controller shuts is down by design
 * and says nothing about its cable).
 */
public record CablingObservation(
    SwitchName switchName, List<LldpNeighbor> neighbors, Set<String> linkDown) {

  public CablingObservation {
    if (switchName == null) {
      throw new IllegalArgumentException("an observation names its switch");
    }
    neighbors = List.copyOf(neighbors);
    linkDown = Set.copyOf(linkDown);
  }
}
