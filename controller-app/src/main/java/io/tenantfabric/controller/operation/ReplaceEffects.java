package io.tenantfabric.controller.operation;

/**
 * What each step of a replace does to the switch and the database, one attempt at a time; every
 * attempt may be repeated (after a restart, a leader change or a wait) with the same effect.
 */
interface ReplaceEffects {

  /** The switch answers behind the pinned host key and reports the posted serial number. */
  StepOutcome identity(ReplaceContext c);

  /** The switch's day-0 configuration is complete (recorded: NOT_READY with its gaps, or not). */
  StepOutcome day0(ReplaceContext c);

  /** The switch's cables are checked against the plan and recorded; never fails the replace. */
  StepOutcome cabling(ReplaceContext c);

  /** The switch's whole intended configuration is pushed by a batch and verified. */
  StepOutcome push(ReplaceContext c);

  /** An isolation audit of the switch is CLEAN. */
  StepOutcome audit(ReplaceContext c);
}
