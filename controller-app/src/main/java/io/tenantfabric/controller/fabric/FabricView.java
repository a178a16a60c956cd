package io.tenantfabric.controller.fabric;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.drift.LastDrift;
import java.time.Instant;
import java.util.List;

/** Body of {@code GET /api/v1/fabric}: switches with sync state, occupancy per leaf, totals. */
@Schema(
    name = "Fabric",
    description = "The fabric: totals, each switch's state and each leaf's occupancy")
record FabricView(
    String name,
    long revision,
    Instant createdAt,
    Instant updatedAt,
    Totals totals,
    List<SwitchView> switches,
    List<LeafOccupancy> leaves) {

  /** Fabric-wide counts; {@code free} excludes allocated, cordoned and drained-leaf GPUs. */
  @Schema(name = "FabricTotals")
  record Totals(
      int switches,
      int leaves,
      int drainedSwitches,
      int gpus,
      int allocated,
      int cordoned,
      int free,
      int switchesOutOfSync) {}

  /**
   * A switch: role, drain flag, generations, where the southbound reaches it (no secrets), and the
   * provisioner's view: {@code state} is, first that applies, {@code UNMANAGED} (no inventory
   * entry: skipped by provisioning), {@code NOT_READY} (its day-0 configuration is incomplete: kept
   * out of batches and placement), {@code UNREACHABLE}, {@code FAILED}, {@code DRIFTED}, {@code
   * PENDING} (behind its intent) or {@code IN_SYNC}; {@code driftSince} is set while a reconcile
   * run's drift is not yet repaired, and {@code lastDrift} keeps the last drift found (null when
   * none ever was); {@code inSync} (applied caught up with desired) stays for one release.
   */
  @Schema(name = "FabricSwitch")
  record SwitchView(
      String name,
      String role,
      int pod,
      boolean drained,
      long desiredGeneration,
      long appliedGeneration,
      boolean inSync,
      String state,
      @Schema(nullable = true) LastError lastError,
      @Schema(nullable = true) Instant lastVerifiedAt,
      @Schema(nullable = true) Instant unsavedSince,
      @Schema(nullable = true) Instant driftSince,
      @Schema(nullable = true) LastDrift lastDrift,
      @Schema(nullable = true) Device device) {}

  /** The last failure to change a switch, in the device's words where it spoke. */
  @Schema(name = "LastError")
  record LastError(Instant at, String phase, String message) {}

  /** The reachable address of a switch; credentials are never returned. */
  @Schema(name = "DeviceEndpoint")
  record Device(String host, int port, String hostKeySha256) {}

  /** GPUs behind one leaf. */
  @Schema(name = "LeafOccupancy")
  record LeafOccupancy(
      String leaf, boolean drained, int total, int allocated, int cordoned, int free) {}
}
