package io.tenantfabric.controller.audit;

import io.swagger.v3.oas.annotations.media.Schema;
import io.tenantfabric.db.audit.AuditEventEntity;
import java.time.Instant;

/**
 * The newest event of the chain: its id, its hash (which commits to every event before it) and when
 * it occurred; what an operator publishes outside the database (docs/audit-receipts.md).
 */
@Schema(name = "ChainHead")
record ChainHead(long id, String hash, Instant at) {

  static ChainHead of(AuditEventEntity e) {
    return new ChainHead(e.getId(), e.getHash(), e.getOccurredAt());
  }
}
