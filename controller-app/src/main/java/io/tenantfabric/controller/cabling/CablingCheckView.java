package io.tenantfabric.controller.cabling;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.controller.provision.CablingRunJson;
import java.time.Instant;
import java.util.List;

/**
 * A cabling check: the switches asked for (null: every managed switch), what asked ({@code api},
 * {@code schedule}), its state (REQUESTED, RUNNING, DONE, FAILED) and times; once done, each
 * switch's outcome, how many ports changed and the first of them, and the findings after it.
 */
@Schema(name = "CablingCheck")
record CablingCheckView(
    String id,
    @ArraySchema(
            arraySchema =
                @Schema(nullable = true, description = "The switches asked for; null: every one"),
            schema = @Schema(maxLength = 31),
            maxItems = RequestCablingCheck.MAX_SWITCHES)
        List<String> switches,
    @Schema(allowableValues = {"api", "schedule"}) String trigger,
    @Schema(
            description = "REQUESTED, RUNNING, DONE, FAILED",
            allowableValues = {"REQUESTED", "RUNNING", "DONE", "FAILED"})
        String state,
    Instant requestedAt,
    @Schema(nullable = true) Instant startedAt,
    @Schema(nullable = true) Instant finishedAt,
    @ArraySchema(maxItems = 100_000) List<SwitchResult> results,
    @Schema(description = "How many ports changed state or sight") int transitions,
    @ArraySchema(
            arraySchema = @Schema(description = "The ports that changed, the first 500"),
            maxItems = CablingRunJson.LISTED)
        List<Change> changes,
    @ArraySchema(maxItems = 100_000) List<CablingFindingView> findings) {

  /**
   * One switch of the check: {@code CHECKED}, or left alone ({@code NOT_READY}: its day-0, LLDP
   * included, is incomplete; {@code BACKING_OFF}; {@code UNMANAGED}), or {@code UNREACHABLE} with
   * the error; its ends per state when checked.
   */
  @Schema(name = "CablingCheckSwitch")
  record SwitchResult(
      @Schema(maxLength = 31) String name,
      @Schema(
              description =
                  "CHECKED, NOT_READY, BACKING_OFF, UNMANAGED, UNREACHABLE; more may come",
              allowableValues = {"CHECKED", "NOT_READY", "BACKING_OFF", "UNMANAGED", "UNREACHABLE"})
          String outcome,
      @Schema(nullable = true, maxLength = 4000) String error,
      @Schema(nullable = true, description = "Its ends per state; null unless CHECKED")
          CablingView.Summary states) {}

  /**
   * A port whose state or sight the check changed: from ({@code UNCHECKED} before its first check),
   * to (null for an unplanned port gone quiet) and what it sees now (null: nothing).
   */
  @Schema(name = "CablingChange")
  record Change(
      @JsonProperty("switch") @Schema(maxLength = 31) String switchName,
      @Schema(maxLength = 64) String port,
      @Schema(maxLength = 16) String from,
      @Schema(nullable = true, maxLength = 16) String to,
      @Schema(nullable = true, maxLength = 520) String seen) {}
}
