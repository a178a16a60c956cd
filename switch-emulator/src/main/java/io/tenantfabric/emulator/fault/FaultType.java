package io.tenantfabric.emulator.fault;

/** The faults a device can be told to show (through the control API, docs/emulator.md). */
public enum FaultType {
  /** Delay every RPC reply by {@code delayMs}. */
  DELAY,
  /** The next edit-config fails with {@code operation-failed} and changes nothing. */
  REJECT_NEXT_EDIT,
  /** The next {@code <commit>} (rfc6241) or save-point {@code <end/>} (comware7) fails. */
  REJECT_NEXT_COMMIT,
  /** The next edit inside a lock or save-point is applied, then the session is dropped. */
  DROP_SESSION_MID_TRANSACTION,
  /** An internal session holds the running (and candidate) lock; lock attempts get lock-denied. */
  HOLD_LOCK,
  /** L2VPN and VXLAN XML answer unknown-element (comware-facts.md §11.1), forcing the CLI. */
  REFUSE_L2VPN_XML
}
