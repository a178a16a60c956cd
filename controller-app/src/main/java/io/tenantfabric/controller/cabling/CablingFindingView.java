package io.tenantfabric.controller.cabling;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.provision.CablingFinding;
import java.util.List;

/**
 * A finding on leased GPUs' cables: {@code ISOLATION} (CRITICAL: two leased GPU cables swapped
 * between two tenants, each tenant's NIC in the other's network) or {@code LEASED_CABLE} (WARNING:
 * a leased GPU's port sees another peer, or nothing with its link down). The controller never shuts
 * a leased port or moves a lease for it: the operator swaps the cables back and checks again, or
 * releases and re-places (docs/operations.md, "Cabling").
 */
@Schema(name = "CablingFinding")
record CablingFindingView(
    @Schema(
            description = "ISOLATION or LEASED_CABLE; more may come",
            allowableValues = {"ISOLATION", "LEASED_CABLE"})
        String kind,
    @Schema(
            description = "CRITICAL or WARNING; more may come",
            allowableValues = {"CRITICAL", "WARNING"})
        String severity,
    @Schema(maxLength = 2000) String summary,
    @ArraySchema(schema = @Schema(maxLength = 29), maxItems = 2) List<String> tenants,
    @ArraySchema(maxItems = 2) List<End> ends) {

  /** One leased port of a finding, its GPU, tenant and allocation, planned and seen far ends. */
  @Schema(name = "CablingFindingEnd")
  record End(
      @JsonProperty("switch") @Schema(maxLength = 31) String switchName,
      @Schema(maxLength = 64) String port,
      @Schema(maxLength = 16) String state,
      @Schema(maxLength = 64) String gpu,
      @Schema(maxLength = 29) String tenant,
      @Schema(maxLength = 36) String allocation,
      @Schema(maxLength = 320, description = "The far end the plan puts there, \"device port\"")
          String planned,
      @Schema(
              nullable = true,
              maxLength = 520,
              description = "What the port sees, \"device port\"; null when nothing answers")
          String seen) {}

  static CablingFindingView of(CablingFinding f) {
    return new CablingFindingView(
        f.kind(),
        f.severity(),
        f.summary(),
        f.tenants(),
        f.ends().stream()
            .map(
                e ->
                    new End(
                        e.switchName(),
                        e.port(),
                        e.state(),
                        e.gpu(),
                        e.tenant(),
                        e.allocation(),
                        e.planned(),
                        e.seen()))
            .toList());
  }
}
