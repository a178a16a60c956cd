package io.tenantfabric.model.verify;

/** What a finding means for the audit's verdict. */
public enum FindingClass {
  /** One tenant can reach another, or could: always counted against CLEAN. */
  ISOLATION,
  /** What the model cannot see, so it cannot prove there is no leak there: against CLEAN. */
  UNMODELED,
  /** A managed switch that could not be read: the audit is at best INCOMPLETE. */
  UNREADABLE,
  /** The switch is not (yet) what the intent says, without a path between tenants. */
  CONVERGENCE
}
