package io.tenantfabric.model.lifecycle;

/**
 * One end of a cable: a switch and its port, or a GPU server and its NIC ({@code mlx5_N}). As seen
 * over LLDP, {@code device} is the neighbour's system name and {@code port} its port id.
 */
public record CableEnd(String device, String port) {

  public CableEnd {
    if (device == null || port == null) {
      throw new IllegalArgumentException("a cable end needs a device and a port");
    }
  }

  @Override
  public String toString() {
    return device + " " + port;
  }
}
