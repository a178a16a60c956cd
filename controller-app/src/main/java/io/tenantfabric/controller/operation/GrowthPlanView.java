package io.tenantfabric.controller.operation;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A growth plan as stored with its operation and shown by the API: what it adds, what it moves, and
 * the steps in order, each with everything it does (the leader runs the steps from this, so a plan
 * applied is the plan that was shown).
 */
@Schema(name = "GrowthPlan", description = "What a growth does on the floor, step by step")
public record GrowthPlanView(
    @Schema(maxLength = 64, description = "The fabric grown from") String from,
    @Schema(maxLength = 64, description = "The fabric grown to") String to,
    @ArraySchema(
            arraySchema = @Schema(description = "The switches to rack, in step order"),
            maxItems = 4096)
        List<SwitchToAdd> switchesToAdd,
    @ArraySchema(
            arraySchema = @Schema(description = "The GPU servers that join"),
            schema = @Schema(maxLength = 64),
            maxItems = 65536)
        List<String> serversToAdd,
    @Schema(description = "How many GPUs join") int gpusToAdd,
    @Schema(description = "Cables that stay where they are") int cablesKept,
    @Schema(description = "Cables re-plugged at one end (listed in their steps)") int cablesToMove,
    @Schema(description = "Cables to add (listed in their steps)") int cablesToAdd,
    @ArraySchema(arraySchema = @Schema(description = "The steps, in order"), maxItems = 4096)
        List<GrowthStepView> steps) {

  public GrowthPlanView {
    switchesToAdd = List.copyOf(switchesToAdd);
    serversToAdd = List.copyOf(serversToAdd);
    steps = List.copyOf(steps);
  }

  /** A switch the growth adds, and its role. */
  @Schema(name = "GrowthSwitch")
  public record SwitchToAdd(
      @Schema(maxLength = 31) String name,
      @Schema(allowableValues = {"SPINE", "LEAF", "SUPER_SPINE"}) String role) {}
}
