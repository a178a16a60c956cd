package io.tenantfabric.southbound.comware.lifecycle;

import io.tenantfabric.model.lifecycle.CablingObservation;
import java.util.List;

/**
 * One read of a switch's cabling: the observation the model judges, and the LLDP neighbour rows
 * left out of it, each with its reason (empty when every row made it in).
 */
public record CablingReading(CablingObservation observation, List<SkippedNeighbor> skipped) {

  public CablingReading {
    if (observation == null) {
      throw new IllegalArgumentException("a cabling reading holds its observation");
    }
    skipped = List.copyOf(skipped);
  }
}
