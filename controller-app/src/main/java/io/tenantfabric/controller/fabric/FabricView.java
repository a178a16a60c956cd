package io.tenantfabric.controller.fabric;

import java.time.Instant;
import java.util.List;

/** Body of {@code GET /api/v1/fabric}: switches with sync state, occupancy per leaf, totals. */
record FabricView(
    String name,
    long revision,
    Instant createdAt,
    Instant updatedAt,
    Totals totals,
    List<SwitchView> switches,
    List<LeafOccupancy> leaves) {

  /** Fabric-wide counts; {@code free} excludes allocated, cordoned and drained-leaf GPUs. */
  record Totals(
      int switches,
      int leaves,
      int drainedSwitches,
      int gpus,
      int allocated,
      int cordoned,
      int free,
      int switchesOutOfSync) {}

  /** A switch: role, drain flag, generations and where the southbound reaches it (no secrets). */
  record SwitchView(
      String name,
      String role,
      int pod,
      boolean drained,
      long desiredGeneration,
      long appliedGeneration,
      boolean inSync,
      Device device) {}

  /** The reachable address of a switch; credentials are never returned. */
  record Device(String host, int port, String hostKeySha256) {}

  /** GPUs behind one leaf. */
  record LeafOccupancy(
      String leaf, boolean drained, int total, int allocated, int cordoned, int free) {}
}
