package io.tenantfabric.emulator.device;

/** What an accepted edit-config asks of the session that sent it, once the edit is applied. */
public enum EditOutcome {
  /** Answer {@code <ok/>} and go on. */
  APPLIED,

  /**
   * The edit is applied, and the session must end now without a reply: the injected fault
   * DROP_SESSION_MID_TRANSACTION, fired inside a lock or save-point.
   */
  APPLIED_THEN_DROP_SESSION
}
