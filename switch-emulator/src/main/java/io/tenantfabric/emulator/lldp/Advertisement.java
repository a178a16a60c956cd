package io.tenantfabric.emulator.lldp;

/**
 * What an LLDP agent sends out of one port: system name, chassis ID ({@code xxxx-xxxx-xxxx}) and
 * port ID, the three columns of a Comware neighbour row that name the far end.
 */
public record Advertisement(String systemName, String chassisId, String portId) {
  public Advertisement {
    if (systemName == null || chassisId == null || portId == null) {
      throw new IllegalArgumentException("system name, chassis ID and port ID are required");
    }
  }
}
