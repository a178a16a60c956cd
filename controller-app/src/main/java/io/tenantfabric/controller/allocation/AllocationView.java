package io.tenantfabric.controller.allocation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.ApiLimits;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An allocation as the API shows it, with each GPU's server, leaf and port; {@code health} is
 * derived, never stored: {@code DEGRADED} while a switch it touches is unreachable, else {@code
 * OK}; {@code pendingSwitches} are the switches that still have to apply it (PROVISIONING) or scrub
 * its ports (RELEASING).
 */
@Schema(name = "Allocation", description = "GPUs leased to a tenant")
record AllocationView(
    UUID id,
    @Schema(maxLength = 29) String tenant,
    @Schema(
            description = "PROVISIONING, ACTIVE, FAILED, RELEASING, RELEASED; more may come",
            allowableValues = {"PROVISIONING", "ACTIVE", "FAILED", "RELEASING", "RELEASED"})
        String status,
    @Schema(
            description = "DEGRADED while a switch it touches is unreachable; more may come",
            allowableValues = {"OK", "DEGRADED"})
        String health,
    @ArraySchema(
            arraySchema = @Schema(description = "Switches that still have to apply or scrub it"),
            schema = @Schema(maxLength = 31),
            maxItems = 4096)
        List<String> pendingSwitches,
    @Schema(minimum = "1", maximum = ApiLimits.MAX_GPUS_TEXT) int gpuCount,
    @ArraySchema(maxItems = ApiLimits.MAX_GPUS) List<GpuView> gpus,
    @Schema(
            nullable = true,
            maxLength = 2000,
            description = "Why provisioning failed, in the switch's own words; null unless FAILED")
        String failureReason,
    Instant createdAt,
    Instant updatedAt) {

  /** The discriminator value of an allocation among the answers of an allocate. */
  static final String KIND = "allocation";

  /** Tells an allocation from a dry run's plan in the answers of an allocate. */
  @JsonProperty("kind")
  @Schema(allowableValues = KIND, description = "Always \"allocation\"")
  String kind() {
    return KIND;
  }

  /** A GPU of the allocation and the leaf port its NIC is cabled to. */
  @Schema(name = "AllocatedGpu", description = "A GPU and the leaf port its NIC is cabled to")
  record GpuView(
      @Schema(maxLength = 64, example = "gpu-node-001/0") String id,
      @Schema(maxLength = 63) String server,
      @Schema(maxLength = 31) String leaf,
      @Schema(maxLength = 64, example = "FourHundredGigE1/0/1") String port) {}
}
