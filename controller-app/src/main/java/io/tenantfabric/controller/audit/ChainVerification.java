package io.tenantfabric.controller.audit;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Result of re-walking the audit chain: {@code ok} with the number of events checked, or the first
 * broken event with what was expected and what is stored. {@code mode} says where the walk started:
 * {@code full} from the first event, or {@code checkpoint} after the event that the latest
 * checkpoint ({@code checkpointId}) recorded as verified ({@code startedAfterId}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "ChainVerification")
record ChainVerification(
    boolean ok,
    String mode,
    @Schema(nullable = true) Long checkpointId,
    long startedAfterId,
    long checked,
    @Schema(nullable = true) Long lastId,
    @Schema(nullable = true) String lastHash,
    @Schema(nullable = true) BrokenEvent firstBroken) {

  static final String FULL = "full";
  static final String FROM_CHECKPOINT = "checkpoint";

  /** The first event whose stored hash or link does not match. */
  @Schema(name = "BrokenEvent")
  record BrokenEvent(long id, String reason, String expectedHash, String storedHash) {}

  /** Where a walk starts: after {@code afterId}, whose hash is {@code hash}. */
  record Start(String mode, Long checkpointId, long afterId, String hash) {}

  static ChainVerification intact(Start start, long checked, Long lastId, String lastHash) {
    return new ChainVerification(
        true, start.mode(), start.checkpointId(), start.afterId(), checked, lastId, lastHash, null);
  }

  static ChainVerification broken(Start start, long checked, BrokenEvent first) {
    return new ChainVerification(
        false, start.mode(), start.checkpointId(), start.afterId(), checked, null, null, first);
  }
}
