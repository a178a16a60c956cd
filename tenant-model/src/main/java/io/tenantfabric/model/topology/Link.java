package io.tenantfabric.model.topology;

/** A cable between a lower-tier switch port and an upper-tier switch port (leaf to spine, ...). */
public record Link(SwitchName lower, PortName lowerPort, SwitchName upper, PortName upperPort) {

  public Link {
    if (lower == null || lowerPort == null || upper == null || upperPort == null) {
      throw new IllegalArgumentException("every end of a link is required");
    }
  }

  @Override
  public String toString() {
    return lower + " " + lowerPort + " <-> " + upper + " " + upperPort;
  }
}
