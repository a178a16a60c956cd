package io.tenantfabric.controller.fabric;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.model.topology.Fabric;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link DefineFabric} did: defined, left unchanged (maybe new inventory) or grew the fabric.
 */
@Schema(name = "FabricDefinition")
record FabricDefinition(
    Outcome outcome,
    String name,
    long revision,
    int switches,
    int gpus,
    int devicesUpdated,
    @Schema(nullable = true) Optional<GrowthSummary> growth) {

  static FabricDefinition of(
      Outcome outcome, Fabric fabric, long revision, int devices, GrowthSummary growth) {
    return new FabricDefinition(
        outcome,
        fabric.name(),
        revision,
        fabric.switches().size(),
        fabric.gpus().size(),
        devices,
        Optional.ofNullable(growth));
  }

  /** The details every fabric.define and fabric.grow audit event starts with. */
  Map<String, Object> auditDetails() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("switches", switches);
    d.put("gpus", gpus);
    d.put("devicesUpdated", devicesUpdated);
    return d;
  }

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
  @Schema(name = "GrowthSummary")
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
