package io.tenantfabric.controller.allocation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.web.ApiLimits;
import io.tenantfabric.model.topology.PortName;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An allocation as the API shows it, with each GPU's server, leaf and port; {@code health} and
 * {@code healthReasons} as the database keeps them for a live allocation ({@code DEGRADED} while a
 * leaf of it is unreachable or not ready, a cable of it is wrong or an operation holds a leaf of
 * it; {@code OK} and no reasons once it is no longer live); {@code pendingSwitches} are the
 * switches that still have to apply it (PROVISIONING) or scrub its ports (RELEASING).
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
            description =
                "DEGRADED while one of healthReasons holds (a leaf unreachable or not ready, a"
                    + " cable of its GPUs wrong, an operation holding a leaf); more may come",
            allowableValues = {"OK", "DEGRADED"})
        String health,
    @ArraySchema(
            arraySchema =
                @Schema(description = "Why it is DEGRADED, by reason, switch, port; empty when OK"),
            maxItems = 4096)
        List<HealthReason> healthReasons,
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

  /**
   * One reason an allocation is degraded: {@code SWITCH_UNREACHABLE} or {@code SWITCH_NOT_READY} (a
   * leaf of its GPUs), {@code CABLING} (the port of one of its GPUs is MISSING, WRONG_PEER or
   * UNEXPECTED: see GET /api/v1/fabric/cabling), {@code OPERATION_RUNNING} (a fabric operation
   * holds a leaf of it).
   */
  @Schema(name = "AllocationHealthReason", description = "One reason an allocation is degraded")
  record HealthReason(
      @Schema(
              description =
                  "SWITCH_UNREACHABLE, SWITCH_NOT_READY, CABLING, OPERATION_RUNNING; more may come",
              allowableValues = {
                "SWITCH_UNREACHABLE",
                "SWITCH_NOT_READY",
                "CABLING",
                "OPERATION_RUNNING"
              })
          String reason,
      @JsonProperty("switch") @Schema(maxLength = 31) String switchName,
      @Schema(nullable = true, maxLength = 64, description = "The port, for CABLING") String port,
      @Schema(
              nullable = true,
              maxLength = 36,
              description = "The operation's id, for OPERATION_RUNNING")
          String operation) {}

  /** A GPU of the allocation and the leaf port its NIC is cabled to. */
  @Schema(name = "AllocatedGpu", description = "A GPU and the leaf port its NIC is cabled to")
  record GpuView(
      @Schema(maxLength = 64, example = "gpu-node-001/0") String id,
      @Schema(maxLength = 63) String server,
      @Schema(maxLength = 31) String leaf,
      @Schema(maxLength = 64, example = "FourHundredGigE1/0/1") String port,
      @Schema(
              description = "The port's speed: 400, or 200 on a split port's half",
              allowableValues = {"200", "400"})
          int speedGbps) {

    /** A GPU on {@code port}, at the speed its name says (the stored port's speed follows it). */
    GpuView(String id, String server, String leaf, String port) {
      this(id, server, leaf, port, new PortName(port).speedGbps());
    }
  }
}
