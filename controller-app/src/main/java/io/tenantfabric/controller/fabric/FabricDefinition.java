package io.tenantfabric.controller.fabric;

import java.util.List;
import java.util.Optional;

/**
 * What {@link DefineFabric} did: defined, left unchanged (maybe new inventory) or grew the fabric.
 */
record FabricDefinition(
    Outcome outcome,
    String name,
    long revision,
    int switches,
    int gpus,
    int devicesUpdated,
    Optional<GrowthSummary> growth) {

  /** The three successful outcomes of a PUT. */
  enum Outcome {
    DEFINED,
    UNCHANGED,
    GROWN
  }

  /**
   * What a growth changes on the floor (from the core's growth plan): switches to add, cables kept,
   * re-plugged, added and pulled, GPUs added and free GPUs re-cabled.
   */
  record GrowthSummary(
      String from,
      String to,
      List<String> switchesAdded,
      int cablesKept,
      int cablesMoved,
      int cablesAdded,
      int cablesRemoved,
      int gpusAdded,
      int freeGpusMoved) {}
}
