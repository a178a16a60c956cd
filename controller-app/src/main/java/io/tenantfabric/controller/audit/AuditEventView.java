package io.tenantfabric.controller.audit;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.db.audit.AuditEventEntity;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** One audit event as {@code GET /api/v1/audits/events} lists it, hashes included. */
@Schema(name = "AuditEvent")
record AuditEventView(
    long id,
    Instant occurredAt,
    @Schema(nullable = true) UUID actorTokenId,
    String actorRole,
    String action,
    @Schema(nullable = true) String targetType,
    @Schema(nullable = true) String target,
    @Schema(nullable = true) String tenant,
    @Schema(nullable = true) Long tenantId,
    @Schema(nullable = true) String requestId,
    String outcome,
    @Schema(
            nullable = true,
            type = "object",
            description = "What the event records, by action (free-form)")
        JsonNode details,
    @Schema(nullable = true) String prevHash,
    String hash) {

  static AuditEventView of(AuditEventEntity e, JsonNode details) {
    return new AuditEventView(
        e.getId(),
        e.getOccurredAt(),
        e.getActorTokenId(),
        e.getActorRole(),
        e.getAction(),
        e.getTargetType(),
        e.getTarget(),
        e.getTenant(),
        e.getTenantId(),
        e.getRequestId(),
        e.getOutcome(),
        details,
        e.getPrevHash(),
        e.getHash());
  }
}
