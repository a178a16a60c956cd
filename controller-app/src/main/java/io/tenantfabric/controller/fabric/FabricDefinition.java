package io.tenantfabric.controller.fabric;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.model.topology.Fabric;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@link DefineFabric} did: defined the fabric, or left it unchanged (maybe new inventory).
 */
@Schema(name = "FabricDefinition")
record FabricDefinition(
    Outcome outcome, String name, long revision, int switches, int gpus, int devicesUpdated) {

  static FabricDefinition of(Outcome outcome, Fabric fabric, long revision, int devices) {
    return new FabricDefinition(
        outcome, fabric.name(), revision, fabric.switches().size(), fabric.gpus().size(), devices);
  }

  /** The details every fabric.define audit event starts with. */
  Map<String, Object> auditDetails() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("switches", switches);
    d.put("gpus", gpus);
    d.put("devicesUpdated", devicesUpdated);
    return d;
  }

  /** The two successful outcomes of a PUT. */
  enum Outcome {
    DEFINED,
    UNCHANGED
  }
}
