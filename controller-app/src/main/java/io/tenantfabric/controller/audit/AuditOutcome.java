package io.tenantfabric.controller.audit;

/** How a recorded action ended. */
public enum AuditOutcome {
  /** The change was made. */
  SUCCESS,
  /** A business rule refused the request (a 409 or 422); nothing changed. */
  REJECTED,
  /** The action was attempted and failed (a switch refused or could not be reached). */
  FAILURE
}
