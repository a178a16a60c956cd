package io.tenantfabric.controller.device;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * Body of {@code GET /api/v1/fabric/devices/{name}/plan}: the steps the switch's next transaction
 * would send, in order, planned from its target (the intent now) against {@code basis}: {@code
 * cached} (the last verified config, still marked valid: what the provisioner plans against) or
 * {@code running} (read live). {@code pending} says whether a transaction is due at all.
 */
@Schema(name = "DevicePlan")
record DevicePlan(
    String device,
    String basis,
    boolean pending,
    long desiredGeneration,
    long appliedGeneration,
    List<Step> steps) {

  /**
   * One step: its description (as the {@code device.apply} audit event lists it), the number (from
   * 1) of the edit RPC that carries it (consecutive steps of one kind go in one edit-config, their
   * rows together), its CLI lines, and its rows as an edit-config payload when the switch's
   * interface indexes are known and the step has an XML form (QoS steps go as CLI only).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @Schema(name = "PlannedStep")
  record Step(
      String step,
      int edit,
      @Schema(nullable = true) List<String> cli,
      @Schema(nullable = true) String xml) {}
}
