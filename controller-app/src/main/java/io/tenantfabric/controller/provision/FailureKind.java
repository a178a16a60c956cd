package io.tenantfabric.controller.provision;

/**
 * Why a switch could not take a change, which decides what happens next: a device rejection fails
 * the allocations waiting on that switch; drift is re-read and retried; everything else is retried
 * with back-off until the unreachable deadline.
 */
public enum FailureKind {
  /** The device refused an edit, validate or commit (an rpc-error, or the CLI's error text). */
  REJECTED,
  /** Another session holds the lock; it will go away. */
  LOCKED,
  /** The read-back differs outside the planned steps: someone changed the switch meanwhile. */
  DRIFT,
  /** Connect, authentication, host key, a dropped session or a timeout. */
  UNREACHABLE,
  /** A failure of ours (a bug): logged at ERROR, retried with back-off. */
  INTERNAL,
  /**
   * Its day-0 configuration is incomplete: it stays out of batches, checked again with back-off,
   * until the installer completes it.
   */
  NOT_READY
}
