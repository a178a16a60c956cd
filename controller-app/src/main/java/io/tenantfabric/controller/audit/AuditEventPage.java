package io.tenantfabric.controller.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** A page of audit events, newest first. */
@Schema(name = "AuditEventPage")
record AuditEventPage(
    List<AuditEventView> items, int page, int size, long totalItems, int totalPages) {
  /**
   * The discriminator value of a page of events (offset paging, deprecated) among the answers of
   * the events list.
   */
  static final String KIND = "page";

  /** Tells a slice from a page in the answers of the events list. */
  @JsonProperty("kind")
  @Schema(allowableValues = KIND, description = "Always \"page\"")
  String kind() {
    return KIND;
  }
}
