package io.tenantfabric.controller.audit;

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

  /**
   * Records a refused business request (409, 422, ...) in its own transaction
   * (Propagation.REQUIRES_NEW), so it survives the caller's rollback.
   */
  void recordRejection(AuditRecord r);
}
