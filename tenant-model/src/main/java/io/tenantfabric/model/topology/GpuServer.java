package io.tenantfabric.model.topology;

import java.util.List;

/**
 * A GPU server: its rail group (0-based; the 8 leaves its GPUs attach to) and its GPUs in order.
 */
public record GpuServer(ServerName name, int railGroup, List<GpuId> gpus) {

  public GpuServer {
    if (name == null || gpus == null || gpus.isEmpty()) {
      throw new IllegalArgumentException("server name and at least one GPU are required");
    }
    if (railGroup < 0) {
      throw new IllegalArgumentException("rail group of " + name + " must be >= 0");
    }
    gpus = List.copyOf(gpus);
  }
}
