package io.tenantfabric.controller.audit;

import java.util.List;

/**
 * Appends audit events; actor, role and request id come from the current request, the chain
 * position and hashes from the database.
 */
public interface AuditTrail {

  /**
   * Records a successful change inside the caller's transaction (Propagation.MANDATORY): the event
   * commits or rolls back with the change itself.
   */
  void record(AuditRecord r);

  /** As {@link #record}, for several events in order, written together. */
  void recordAll(List<AuditRecord> records);

  /**
   * Records a refused business request (409, 422, ...) in its own transaction
   * (Propagation.REQUIRES_NEW), so it survives the caller's rollback.
   */
  void recordRejection(AuditRecord r);
}
