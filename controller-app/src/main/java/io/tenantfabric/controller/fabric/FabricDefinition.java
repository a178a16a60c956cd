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

  /** What a growth changed: switches added, cables moved, GPUs added and moved (all free). */
  record GrowthSummary(
      String from,
      String to,
      List<String> switchesAdded,
      int linksAdded,
      int linksRemoved,
      int gpusAdded,
      int freeGpusMoved) {}
}
