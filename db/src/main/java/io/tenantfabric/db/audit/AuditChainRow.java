package io.tenantfabric.db.audit;

/**
 * The stored fields of one audit event exactly as they enter the canonical form: occurred_at in
 * microseconds since the epoch and details as PostgreSQL's normalised jsonb text.
 */
public interface AuditChainRow {
  Long getId();

  Long getOccurredAtMicros();

  String getActorTokenId();

  String getActorRole();

  String getAction();

  String getTargetType();

  String getTarget();

  String getTenant();

  String getRequestId();

  String getOutcome();

  String getDetails();

  String getPrevHash();

  String getHash();
}
