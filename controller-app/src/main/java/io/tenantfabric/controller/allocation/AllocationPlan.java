package io.tenantfabric.controller.allocation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.ApiLimits;
import java.util.List;

/**
 * The answer of {@code POST .../allocations?dryRun=true}: the GPUs placement would pick, the VNI
 * and prefix the tenant has (or would get), and per touched switch the steps its next change would
 * hold, relative to the intent as it is. Nothing was stored and no lock was taken.
 */
@Schema(description = "What an allocation would be: its placement and each switch's next steps")
record AllocationPlan(
    @Schema(description = "Always true: nothing was stored") boolean dryRun,
    @Schema(maxLength = 29) String tenant,
    @Schema(
            minimum = "1",
            maximum = "16777215",
            description = "The tenant's VNI, or the one it would get")
        int vni,
    @Schema(maxLength = 43, description = "The tenant's prefix, or the one it would get")
        String prefix,
    boolean poolsWouldBeAssigned,
    @ArraySchema(maxItems = ApiLimits.MAX_GPUS) List<AllocationView.GpuView> gpus,
    @ArraySchema(maxItems = 4096) List<SwitchChanges> switches) {

  /** The discriminator value of a plan among the answers of an allocate. */
  static final String KIND = "plan";

  /** Tells a dry run's plan from an allocation in the answers of an allocate. */
  @JsonProperty("kind")
  @Schema(allowableValues = KIND, description = "Always \"plan\"")
  String kind() {
    return KIND;
  }

  /** The steps of one switch, in the order a transaction would send them. */
  @Schema(
      name = "PlannedSwitchChanges",
      description = "One switch's steps, in the order a transaction sends them")
  record SwitchChanges(
      @Schema(maxLength = 31) String name,
      @ArraySchema(schema = @Schema(maxLength = 2000), maxItems = 100000) List<String> steps) {}
}
