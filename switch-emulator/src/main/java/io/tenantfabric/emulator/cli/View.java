package io.tenantfabric.emulator.cli;

/** A CLI view on the stack: its kind, the object it edits, and its prompt suffix. */
record View(Kind kind, String object, String ifIndex, String srvId, String prompt) {
  /** The CLI views the emulator knows. */
  enum Kind {
    USER,
    SYSTEM,
    VSI,
    EVPN,
    INTERFACE,
    SERVICE_INSTANCE,
    ACL,
    WRED_TABLE
  }
}
