package io.tenantfabric.controller.device;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.drift.LastDrift;
import java.time.Instant;
import java.util.List;

/**
 * Body of {@code GET /api/v1/fabric/devices/{name}}: the switch as the provisioner records it
 * ({@code state} as {@code GET /api/v1/fabric} shows it) and every port with the GPU cabled to it,
 * the live allocation holding that GPU and what the intended config says for the port. Never
 * credentials.
 */
@Schema(name = "Device")
record DeviceView(
    String name,
    String role,
    int pod,
    boolean drained,
    String state,
    long desiredGeneration,
    long appliedGeneration,
    boolean pending,
    @Schema(nullable = true) LastError lastError,
    @Schema(nullable = true) Instant lastVerifiedAt,
    @Schema(nullable = true) Instant unsavedSince,
    @Schema(nullable = true) Instant driftSince,
    @Schema(nullable = true) LastDrift lastDrift,
    List<PortView> ports) {

  /** The last failure to change the switch, in the device's words where it spoke. */
  @Schema(name = "LastError")
  record LastError(Instant at, String phase, String message) {}

  /**
   * A port, its speed in Gbps and purpose ({@code GPU}, {@code FABRIC}, {@code UNUSED}); {@code
   * gpu}, {@code allocation} and {@code intended} are null when there is none (a port outside the
   * compiled config's scope has no {@code intended}).
   */
  @Schema(name = "DevicePort")
  record PortView(
      String name,
      int speedGbps,
      String purpose,
      @Schema(nullable = true) GpuView gpu,
      @Schema(nullable = true) Holder allocation,
      @Schema(nullable = true) IntendedPort intended) {}

  /** The GPU cabled to a port and its server. */
  @Schema(name = "DeviceGpu")
  record GpuView(String id, String server, boolean cordoned) {}

  /** The live allocation (PROVISIONING, ACTIVE, RELEASING) holding a port's GPU, and its tenant. */
  @Schema(name = "PortHolder")
  record Holder(String id, String tenant, String status) {}

  /** What the intended config says for a port: admin state, description, VSI binding and ACL. */
  @Schema(name = "IntendedPort")
  record IntendedPort(
      boolean adminUp,
      @Schema(nullable = true) String description,
      @Schema(nullable = true) Binding binding,
      @Schema(nullable = true) String acl) {}

  /** A port's service instance in a VSI. */
  @Schema(name = "PortBinding")
  record Binding(String vsi, int serviceInstance) {}
}
