package io.tenantfabric.model.topology;

/**
 * A GPU NIC endpoint: the GPU, its server, and the one leaf downlink port it is cabled to. GPU
 * {@code i} of a server is served by the server's NIC {@code mlx5_i} ({@link #nic()}), the name its
 * LLDP agent sends as port id.
 */
public record Gpu(GpuId id, ServerName server, SwitchName leaf, PortName port, int rail) {

  public Gpu {
    if (id == null || server == null || leaf == null || port == null) {
      throw new IllegalArgumentException("GPU id, server, leaf and port are required");
    }
    if (rail < 0) {
      throw new IllegalArgumentException("rail of " + id + " must be >= 0");
    }
  }

  /** The prefix of a GPU server's NIC names: GPU {@code i} uses NIC {@code mlx5_i}. */
  public static final String NIC_PREFIX = "mlx5_";

  /** The server NIC that serves this GPU, cabled to {@link #port()} of {@link #leaf()}. */
  public String nic() {
    return NIC_PREFIX + id.index();
  }
}
