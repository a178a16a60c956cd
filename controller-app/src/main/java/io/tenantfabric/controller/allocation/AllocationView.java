package io.tenantfabric.controller.allocation;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** An allocation as the API shows it, with each GPU's server, leaf and port. */
record AllocationView(
    UUID id,
    String tenant,
    String status,
    int gpuCount,
    List<GpuView> gpus,
    String failureReason,
    Instant createdAt,
    Instant updatedAt) {

  /** A GPU of the allocation and the leaf port its NIC is cabled to. */
  record GpuView(String id, String server, String leaf, String port) {}
}
