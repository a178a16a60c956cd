package io.tenantfabric.controller.cabling;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/**
 * Body of {@code GET /api/v1/fabric/cabling}: how many links are in each state (those the {@code
 * switch} filter keeps, whatever {@code state} and the page), one page of links, the findings on
 * leased GPUs' cables across the fabric, and the cursor of the next page (null on the last).
 */
@Schema(name = "Cabling", description = "The fabric's cables against the plan")
record CablingView(
    Summary summary,
    @ArraySchema(maxItems = CablingQuery.MAX_LIMIT) List<Link> links,
    @ArraySchema(maxItems = 100_000) List<CablingFindingView> findings,
    @Schema(
            nullable = true,
            maxLength = 200,
            description = "Pass as `after` for the next page; null on the last")
        String next) {

  /** Links per state: every state, zero where there is none. */
  @Schema(name = "CablingSummary", description = "Links per state")
  record Summary(
      @JsonProperty("UNCHECKED") int unchecked,
      @JsonProperty("OK") int ok,
      @JsonProperty("UNVERIFIED") int unverified,
      @JsonProperty("MISSING") int missing,
      @JsonProperty("WRONG_PEER") int wrongPeer,
      @JsonProperty("UNEXPECTED") int unexpected) {}

  /**
   * A planned link (a fabric link between two switch ends; a GPU link from its leaf port to its
   * server's NIC) or a port where a neighbour answered although the plan leaves it empty ({@code
   * kind} null, state {@code UNEXPECTED}). Its state is the worst of its ends (OK, UNVERIFIED,
   * UNCHECKED, UNEXPECTED, MISSING, WRONG_PEER, from best to worst); {@code checkedAt} the older of
   * its ends' checks, null while an end was never checked.
   */
  @Schema(name = "CablingLink")
  record Link(
      @Schema(
              nullable = true,
              description = "FABRIC or GPU; null for a cable the plan does not know",
              allowableValues = {"FABRIC", "GPU"})
          String kind,
      @Schema(
              description =
                  "UNCHECKED, OK, UNVERIFIED, MISSING, WRONG_PEER, UNEXPECTED; more may come",
              allowableValues = {
                "UNCHECKED",
                "OK",
                "UNVERIFIED",
                "MISSING",
                "WRONG_PEER",
                "UNEXPECTED"
              })
          String state,
      @Schema(nullable = true) Instant checkedAt,
      @ArraySchema(minItems = 1, maxItems = 2) List<End> ends,
      @Schema(nullable = true, description = "The GPU behind a GPU link; null otherwise")
          Gpu gpu) {}

  /**
   * One switch end: its port, its own state, the far end the plan puts there (null for an unplanned
   * port), what it sees (null when nothing answers), when its switch was last checked and when its
   * state or sight last changed (both null before the first check).
   */
  @Schema(name = "CablingEnd")
  record End(
      @JsonProperty("switch") @Schema(maxLength = 31) String switchName,
      @Schema(maxLength = 64) String port,
      @Schema(
              description =
                  "UNCHECKED, OK, UNVERIFIED, MISSING, WRONG_PEER, UNEXPECTED; more may come",
              allowableValues = {
                "UNCHECKED",
                "OK",
                "UNVERIFIED",
                "MISSING",
                "WRONG_PEER",
                "UNEXPECTED"
              })
          String state,
      @Schema(nullable = true) Peer planned,
      @Schema(nullable = true) Peer seen,
      @Schema(nullable = true) Instant checkedAt,
      @Schema(nullable = true) Instant changedAt) {}

  /**
   * A far end: a switch and its port, or a GPU server and its NIC ({@code mlx5_N}); as seen, the
   * neighbour's LLDP system name and port id, as it sends them.
   */
  @Schema(name = "CablePeer")
  record Peer(@Schema(maxLength = 255) String device, @Schema(maxLength = 255) String port) {}

  /** The GPU of a GPU link: its id, server and NIC, and who leases it (null when free). */
  @Schema(name = "CablingGpu")
  record Gpu(
      @Schema(maxLength = 64) String id,
      @Schema(maxLength = 63) String server,
      @Schema(maxLength = 16) String nic,
      @Schema(nullable = true, maxLength = 29) String tenant,
      @Schema(nullable = true, maxLength = 36) String allocation) {}
}
