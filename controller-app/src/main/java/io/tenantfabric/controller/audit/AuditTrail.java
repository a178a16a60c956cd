package io.tenantfabric.controller.audit;

import io.tenantfabric.db.jdbc.RoundTrip;
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
   * {@code r} stamped with the current request's actor, role and id, to {@link #append} later
   * together with other requests' events: a group commit records each request's event as that
   * request's, in one statement. Touches no database.
   */
  Stamped stamp(AuditRecord r);

  /**
   * Appends stamped events in order inside the caller's transaction (Propagation.MANDATORY),
   * written together.
   */
  void append(List<Stamped> events);

  /**
   * As {@link #append(List)}, added to {@code trip}: the events are written when the caller sends
   * it, in its transaction, after the statements added before them.
   */
  void append(List<Stamped> events, RoundTrip trip);

  /** An event {@link #stamp}ed with its request, not yet written. */
  interface Stamped {}

  /**
   * Records a refused business request (409, 422, ...) in its own transaction
   * (Propagation.REQUIRES_NEW), so it survives the caller's rollback.
   */
  void recordRejection(AuditRecord r);
}
