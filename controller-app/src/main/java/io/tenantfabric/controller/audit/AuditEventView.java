package io.tenantfabric.controller.audit;

import io.tenantfabric.db.audit.AuditEventEntity;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** One audit event as {@code GET /api/v1/audits/events} lists it, hashes included. */
record AuditEventView(
    long id,
    Instant occurredAt,
    UUID actorTokenId,
    String actorRole,
    String action,
    String targetType,
    String target,
    String tenant,
    Long tenantId,
    String requestId,
    String outcome,
    JsonNode details,
    String prevHash,
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
