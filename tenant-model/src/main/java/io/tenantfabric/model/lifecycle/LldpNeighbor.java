package io.tenantfabric.model.lifecycle;

/**
 * One LLDP neighbour a switch reports on a local port: the far end's system name, port id (a
 * switch's possibly abbreviated port name, or a server NIC's name) and chassis id.
 */
public record LldpNeighbor(String localPort, String systemName, String portId, String chassisId) {

  public LldpNeighbor {
    if (localPort == null || localPort.isBlank()) {
      throw new IllegalArgumentException("an LLDP neighbour needs its local port");
    }
    systemName = systemName == null ? "" : systemName.strip();
    portId = portId == null ? "" : portId.strip();
    chassisId = chassisId == null ? "" : chassisId.strip();
  }

  /** The far end as the neighbour names it. */
  public CableEnd seen() {
    return new CableEnd(systemName, portId);
  }
}
