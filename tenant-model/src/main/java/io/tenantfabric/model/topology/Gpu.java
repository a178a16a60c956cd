package io.tenantfabric.model.topology;

/** A GPU NIC endpoint: the GPU, its server, and the one leaf downlink port it is cabled to. */
public record Gpu(GpuId id, ServerName server, SwitchName leaf, PortName port, int rail) {

  public Gpu {
    if (id == null || server == null || leaf == null || port == null) {
      throw new IllegalArgumentException("GPU id, server, leaf and port are required");
    }
    if (rail < 0) {
      throw new IllegalArgumentException("rail of " + id + " must be >= 0");
    }
  }
}
