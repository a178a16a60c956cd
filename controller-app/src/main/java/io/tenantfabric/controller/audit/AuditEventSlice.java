package io.tenantfabric.controller.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * A keyset page of audit events, oldest first: the events after {@code afterId}, at most {@code
 * limit}; {@code nextAfterId} is the {@code afterId} of the next page, null when this page is the
 * last one so far.
 */
@Schema(name = "AuditEventSlice")
record AuditEventSlice(
    List<AuditEventView> items,
    long afterId,
    int limit,
    @Schema(nullable = true) Long nextAfterId) {
  /**
   * The discriminator value of events after an id (keyset paging) among the answers of the events
   * list.
   */
  static final String KIND = "slice";

  /** Tells a slice from a page in the answers of the events list. */
  @JsonProperty("kind")
  @Schema(allowableValues = KIND, description = "Always \"slice\"")
  String kind() {
    return KIND;
  }
}
