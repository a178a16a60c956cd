package io.tenantfabric.controller.allocation;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An allocation as the API shows it, with each GPU's server, leaf and port; {@code health} is
 * derived, never stored: {@code DEGRADED} while a switch it touches is unreachable, else {@code
 * OK}; {@code pendingSwitches} are the switches that still have to apply it (PROVISIONING) or scrub
 * its ports (RELEASING).
 */
record AllocationView(
    UUID id,
    String tenant,
    String status,
    String health,
    List<String> pendingSwitches,
    int gpuCount,
    List<GpuView> gpus,
    String failureReason,
    Instant createdAt,
    Instant updatedAt) {

  /** A GPU of the allocation and the leaf port its NIC is cabled to. */
  record GpuView(String id, String server, String leaf, String port) {}
}
